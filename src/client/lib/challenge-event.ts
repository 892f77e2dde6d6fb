// How the API client (lib/api.ts) asks the page to show the challenge widget
// (components/challenge-host.tsx) without the first download carrying the API client.

/** What the page asks the visitor when the server wants a solved challenge (decision 109). */
export interface ChallengeRequest {
  message: string;
  /** The challenge's address when not the ordinary one (a harder one for a sign-in under attack, decision 143). */
  url?: string;
  resolve(payload: string): void;
  reject(reason: unknown): void;
}

/** The window event carrying a ChallengeRequest; the host cancels it when it takes the request. */
export const CHALLENGE_EVENT = "express-import:challenge";
