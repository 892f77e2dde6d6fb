// Takes the API client's "prove you are no robot" requests (lib/api.ts, decision 109) and shows
// the challenge dialog for them. Only this listener is in the first download: the dialog, the
// ALTCHA widget and its worker are fetched the first time a request is asked for a challenge,
// which most visitors never are.

import { lazy, Suspense, useEffect, useState } from "react";
import { CHALLENGE_EVENT, type ChallengeRequest } from "../lib/challenge-event";
const ChallengeDialog = lazy(() => import("./challenge-dialog"));

export function ChallengeHost() {
  const [request, setRequest] = useState<ChallengeRequest | null>(null);

  useEffect(() => {
    const take = (event: Event) => {
      event.preventDefault();
      setRequest((event as CustomEvent<ChallengeRequest>).detail);
    };
    window.addEventListener(CHALLENGE_EVENT, take);
    return () => window.removeEventListener(CHALLENGE_EVENT, take);
  }, []);

  if (!request) return null;
  const settle = (payload: string | null) => {
    if (payload) request.resolve(payload);
    else request.reject(new Error("challenge closed"));
    setRequest(null);
  };
  return (
    <Suspense fallback={null}>
      <ChallengeDialog message={request.message} challengeUrl={request.challengeUrl} onSettle={settle} />
    </Suspense>
  );
}
