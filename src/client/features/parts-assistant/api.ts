// The parts assistant's calls (public-site §7): verify a code, search for a part; and the
// reading of the error body the page needs to tell a used-up quota from other failures.

import { apiRequest } from "../../lib/api";
import { routePath } from "../../../shared/api/contract";
import {
  CLIENT_VERIFY_ROUTE,
  ZVerifiedClientSchema,
  type TVerifiedClient,
} from "../../../shared/api/clients-verification";
import {
  LIMIT_REACHED_CODE,
  PARTS_SEARCH_ROUTE,
  type TPartsSearchRequest,
  type TPartsSearchResponse,
} from "../../../shared/api/parts-assistant";

export async function verifyClientCode(clientCode: string): Promise<TVerifiedClient> {
  const res = await apiRequest(CLIENT_VERIFY_ROUTE.method, routePath(CLIENT_VERIFY_ROUTE, { clientCode }));
  return CLIENT_VERIFY_ROUTE.responses[200].parse(await res.json()).client;
}

export async function searchParts(body: TPartsSearchRequest): Promise<TPartsSearchResponse> {
  const res = await apiRequest("POST", routePath(PARTS_SEARCH_ROUTE), body);
  return PARTS_SEARCH_ROUTE.responses[200].parse(await res.json());
}

/** The JSON body inside an apiRequest error ("429: {…}"), or null. */
function errorBodyOf(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  try {
    const body: unknown = JSON.parse(match[1]);
    return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** For a used-up quota: the quota as the server last saw it (or null when absent); undefined for other failures. */
export function limitReachedInfo(error: unknown): TVerifiedClient | null | undefined {
  const body = errorBodyOf(error);
  if (body?.code !== LIMIT_REACHED_CODE) return undefined;
  const info = ZVerifiedClientSchema.safeParse(body.clientInfo);
  return info.success ? info.data : null;
}
