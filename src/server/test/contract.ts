// Checks an answer against the route's contract entry (issue 33 item 3): the all-routes test and
// the route-roles walk call every route and hold each answer to what the route declares.
import type { LightMyRequestResponse } from "fastify";
import { isBinaryAnswer, type RouteContract } from "../../shared/api/contract";

/** What is wrong with an answer under its contract; [] when it matches. */
export function answerProblems(contract: RouteContract | undefined, res: LightMyRequestResponse): string[] {
  if (!contract) return ["the route has no contract entry"];
  const answer = contract.responses[res.statusCode];
  if (!answer) return [`status ${res.statusCode} is not declared (declared: ${Object.keys(contract.responses).join(", ")})`];
  // A 204 has no body and no content type: it holds to a declared `z.null()` (no content).
  if (res.statusCode === 204 && res.body === "" && !isBinaryAnswer(answer) && answer.safeParse(null).success) return [];
  const type = String(res.headers["content-type"] ?? "");
  if (isBinaryAnswer(answer)) {
    return answer.binary.split(", ").some((declared) => type.startsWith(declared)) ? [] : [`content-type ${type}, declared ${answer.binary}`];
  }
  if (!type.startsWith("application/json")) return [`content-type ${type}, declared JSON`];
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return ["the answer is not JSON"];
  }
  const result = answer.safeParse(body);
  return result.success ? [] : result.error.issues.slice(0, 5).map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}
