// How the API client (lib/api.ts) asks the page to show the challenge widget
// (components/challenge-host.tsx) without the first download carrying the API client.

/** What the page asks the visitor when the server wants a solved challenge (decision 109). */
export interface ChallengeRequest {
  message: string;
  /** The challenge to solve (price and code, decision 144); absent: the plain one. */
  challengeUrl?: string;
  resolve(payload: string): void;
  reject(reason: unknown): void;
}

/** The window event carrying a ChallengeRequest; the host cancels it when it takes the request. */
export const CHALLENGE_EVENT = "express-import:challenge";
