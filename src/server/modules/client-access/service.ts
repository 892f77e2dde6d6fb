// A protected account (issue 36 item 3; docs/decisions/216, 217): the one-time codes sent by
// WhatsApp and the clients' long-lived sessions.
//
// Codes (decision 217): 6 digits from crypto.randomInt, kept only as an HMAC (bound to the client
// and to the browser that asked, through the HMAC of its `ex_codigo` nonce cookie), valid 10
// minutes, 5 wrong attempts per code (each taken atomically before the compare, so a parallel
// burst compares at most 5), compared in constant time, single use. A code typed in any other
// browser is no code: a stranger's wrong guesses spend only the stranger's own codes, never the
// owner's. Sends: one per 60 s and at most 3 per 24 h per client for browsers the client never
// signed in from (strangers included: the owner's WhatsApp gets at most 3 such messages a day),
// and apart from them, per known device (a signed cookie set at sign-in, one year), one per 60 s
// and 5 per 24 h: a stranger's requests never use up the owner's own phone's sends.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, gt, gte, isNull, lt, ne, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { clients, clientSessions, clientSignInCodes } from "../../db/schema";
import { AppError } from "../../errors";
import { recordAudit } from "../../core/audit/service";
import type { Actor } from "../../lib/actor";
import { toWhatsappChatNumber } from "../../../shared/domain/phone";
import {
  maskedNumber,
  SIGN_IN_CODE_DIGITS,
  SIGN_IN_CODE_EXPIRED,
  SIGN_IN_CODE_USED_UP,
  SIGN_IN_CODE_WRONG,
  SIGN_IN_NO_NUMBER,
  SIGN_IN_RESEND_WAIT,
  SIGN_IN_SEND_CAP,
  SIGN_IN_UNAVAILABLE,
  type TAccessState,
  type TSignInCodeSent,
} from "../../../shared/api/client-access";
import { MessagingError } from "../../providers/messaging";

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 60_000;
/** Codes a day to one client asked from browsers it never signed in from (strangers among them). */
export const STRANGER_SENDS_PER_DAY = 3;
/** Codes a day asked from one known device of the client (its own bucket). */
export const DEVICE_SENDS_PER_DAY = 5;
const DAY_MS = 24 * 3_600_000;
export const SESSION_TTL_MS = 180 * DAY_MS;
const DEVICE_TTL_SECONDS = 365 * 24 * 3600;

export const SESSION_COOKIE = "ex_cliente";
const CODE_COOKIE = "ex_codigo";
const DEVICE_COOKIE = "ex_equipo_cliente";
/** The session goes with every API call (the portal's by-code calls are all under /api). */
const SESSION_PATH = "/api";
const ACCESS_PATH = "/api/cuenta";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The key of this module's HMACs, derived from the session secret's device key. */
function accessKey(ctx: AppContext): Buffer {
  return createHmac("sha256", ctx.sessions.deviceKey).update("express-import:client-access").digest();
}

const hmacHex = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest("hex");

export function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== "string" || header.length > 8192) return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

function setCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string, path: string, maxAgeSeconds: number): void {
  // Secure whenever the request came over HTTPS (production, directly or through TRUST_PROXY);
  // a plain-HTTP development server could not keep it otherwise.
  const secure = request.protocol === "https" ? "; Secure" : "";
  const cookie = `${name}=${value}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
  const existing = reply.getHeader("set-cookie");
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header("set-cookie", [...list, cookie]);
}

// --- Sessions ---

/** Whether the request carries a live session of this client. */
export async function hasClientSession(ctx: AppContext, request: FastifyRequest, clientId: number): Promise<boolean> {
  return (await sessionOf(ctx, request, clientId)) !== null;
}

async function sessionOf(ctx: AppContext, request: FastifyRequest, clientId: number): Promise<string | null> {
  const token = cookieValue(request, SESSION_COOKIE);
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const hash = sha256(token);
  const [row] = await ctx.db
    .select({ tokenHash: clientSessions.tokenHash })
    .from(clientSessions)
    .where(and(eq(clientSessions.tokenHash, hash), eq(clientSessions.clientId, clientId), gt(clientSessions.expiresAt, new Date())))
    .limit(1);
  return row ? hash : null;
}

async function startSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, clientId: number): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  await ctx.db.insert(clientSessions).values({
    tokenHash: sha256(token),
    clientId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    lastSeenAt: new Date(),
    userAgent: String(request.headers["user-agent"] ?? "").slice(0, 200) || null,
  });
  setCookie(request, reply, SESSION_COOKIE, token, SESSION_PATH, SESSION_TTL_MS / 1000);
  setCookie(request, reply, DEVICE_COOKIE, deviceToken(ctx, clientId), ACCESS_PATH, DEVICE_TTL_SECONDS);
}

export async function accessState(ctx: AppContext, request: FastifyRequest, client: { id: number; protectedAt: Date | null }): Promise<TAccessState> {
  const mine = await sessionOf(ctx, request, client.id);
  let others = 0;
  if (mine) {
    const [row] = await ctx.db
      .select({ n: count() })
      .from(clientSessions)
      .where(and(eq(clientSessions.clientId, client.id), ne(clientSessions.tokenHash, mine), gt(clientSessions.expiresAt, new Date())));
    others = row?.n ?? 0;
  }
  return { protegida: client.protectedAt !== null, sesionIniciada: mine !== null, otrasSesiones: others };
}

export async function signOut(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, client: { id: number; protectedAt: Date | null }): Promise<TAccessState> {
  const mine = await sessionOf(ctx, request, client.id);
  if (mine) await ctx.db.delete(clientSessions).where(eq(clientSessions.tokenHash, mine));
  setCookie(request, reply, SESSION_COOKIE, "", SESSION_PATH, 0);
  return { protegida: client.protectedAt !== null, sesionIniciada: false, otrasSesiones: 0 };
}

/** Ends the client's sessions but this one (the caller checked it is signed in). */
export async function signOutOthers(ctx: AppContext, request: FastifyRequest, client: { id: number; protectedAt: Date | null }): Promise<TAccessState> {
  const mine = await sessionOf(ctx, request, client.id);
  if (!mine) return accessState(ctx, request, client);
  await ctx.db.delete(clientSessions).where(and(eq(clientSessions.clientId, client.id), ne(clientSessions.tokenHash, mine)));
  return { protegida: client.protectedAt !== null, sesionIniciada: true, otrasSesiones: 0 };
}

// --- Known devices ---

function deviceToken(ctx: AppContext, clientId: number): string {
  const body = `${clientId}.${Math.floor(Date.now() / 1000)}.${randomBytes(12).toString("base64url")}`;
  return `${body}.${createHmac("sha256", accessKey(ctx)).update(`device:${body}`).digest("base64url")}`;
}

/** Whether the browser signed in to this client before (a valid, unexpired device cookie). */
function isKnownDevice(ctx: AppContext, request: FastifyRequest, clientId: number): string | null {
  const token = cookieValue(request, DEVICE_COOKIE);
  const parts = token?.split(".") ?? [];
  if (parts.length !== 4) return null;
  const [id, issued, nonce, mac] = parts;
  if (id !== String(clientId) || !/^\d{1,12}$/.test(issued)) return null;
  const expected = createHmac("sha256", accessKey(ctx)).update(`device:${id}.${issued}.${nonce}`).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const age = Date.now() / 1000 - Number(issued);
  return age >= -60 && age <= DEVICE_TTL_SECONDS ? nonce : null;
}

// --- Codes ---

interface AccessClient {
  id: number;
  telefono: string;
  protectedAt: Date | null;
}

function codeHash(ctx: AppContext, clientId: number, browserHash: string, code: string): string {
  return hmacHex(accessKey(ctx), `code:${clientId}:${browserHash}:${code}`);
}

/** The HMAC of the browser's code nonce; a new nonce (and cookie) when it holds none. */
function browserBinding(ctx: AppContext, request: FastifyRequest, reply: FastifyReply | null): string | null {
  let nonce = cookieValue(request, CODE_COOKIE);
  if (!nonce || !/^[A-Za-z0-9_-]{43}$/.test(nonce)) {
    if (!reply) return null;
    nonce = randomBytes(32).toString("base64url");
  }
  if (reply) setCookie(request, reply, CODE_COOKIE, nonce, ACCESS_PATH, CODE_TTL_MS / 1000);
  return hmacHex(accessKey(ctx), `browser:${nonce}`);
}

/**
 * Sends a new code to the client's WhatsApp, bound to this browser, within the limits above
 * (429 with the seconds to wait, or the day's cap). Counted by rows: every instance sees them.
 */
export async function sendSignInCode(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, client: AccessClient): Promise<TSignInCodeSent> {
  const sender = ctx.providers.messaging.sendSignInCode?.bind(ctx.providers.messaging);
  if (!sender) throw new AppError("UNAVAILABLE", 503, SIGN_IN_UNAVAILABLE);
  const to = toWhatsappChatNumber(client.telefono);
  if (!/^\d{8,15}$/.test(to)) throw new AppError("CONFLICT", 409, SIGN_IN_NO_NUMBER);
  const device = isKnownDevice(ctx, request, client.id);
  const browserHash = browserBinding(ctx, request, reply)!;
  const now = Date.now();
  // The bucket: this known device's own codes, or every code asked from browsers the client never signed in from.
  const bucket = device
    ? and(eq(clientSignInCodes.knownDevice, true), eq(clientSignInCodes.browserHash, browserHash))
    : and(eq(clientSignInCodes.knownDevice, false), eq(clientSignInCodes.byStaff, false));
  const cap = device ? DEVICE_SENDS_PER_DAY : STRANGER_SENDS_PER_DAY;
  const code = String(randomInt(0, 10 ** SIGN_IN_CODE_DIGITS)).padStart(SIGN_IN_CODE_DIGITS, "0");
  // One transaction under the client's row lock: parallel requests cannot both pass the counts.
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, client.id)).for("update");
    const recent = await tx
      .select({ createdAt: clientSignInCodes.createdAt })
      .from(clientSignInCodes)
      .where(and(eq(clientSignInCodes.clientId, client.id), bucket, gte(clientSignInCodes.createdAt, new Date(now - DAY_MS))))
      .orderBy(desc(clientSignInCodes.createdAt));
    const last = recent[0]?.createdAt.getTime();
    if (last !== undefined && now - last < RESEND_COOLDOWN_MS) {
      const seconds = Math.ceil((RESEND_COOLDOWN_MS - (now - last)) / 1000);
      reply.header("retry-after", String(seconds));
      throw new AppError("RATE_LIMITED", 429, SIGN_IN_RESEND_WAIT(seconds));
    }
    if (recent.length >= cap) throw new AppError("RATE_LIMITED", 429, SIGN_IN_SEND_CAP);
    // Earlier codes of this browser stop working: only the last one sent counts.
    await tx
      .update(clientSignInCodes)
      .set({ usedAt: new Date(now) })
      .where(and(eq(clientSignInCodes.clientId, client.id), eq(clientSignInCodes.browserHash, browserHash), isNull(clientSignInCodes.usedAt)));
    await tx.insert(clientSignInCodes).values({
      clientId: client.id,
      codeHash: codeHash(ctx, client.id, browserHash, code),
      browserHash,
      knownDevice: device !== null,
      createdAt: new Date(now),
      expiresAt: new Date(now + CODE_TTL_MS),
    });
  });
  try {
    await sender(to, code);
  } catch (error) {
    request.log.warn({ err: error }, "could not send a sign-in code");
    // The code was not sent: it neither counts against the limits nor works.
    await ctx.db.delete(clientSignInCodes).where(and(eq(clientSignInCodes.clientId, client.id), eq(clientSignInCodes.browserHash, browserHash), eq(clientSignInCodes.createdAt, new Date(now))));
    const retryable = error instanceof MessagingError ? error.retryable : true;
    throw new AppError("UNAVAILABLE", retryable ? 503 : 502, SIGN_IN_UNAVAILABLE);
  }
  return { enviadoA: maskedNumber(to), venceEnSegundos: CODE_TTL_MS / 1000, reenviarEnSegundos: RESEND_COOLDOWN_MS / 1000 };
}

/**
 * The code typed in this browser: the right one signs it in and protects the account (first time:
 * audited as the client's). Wrong: 400 (the attempt counted); no live code for this browser, or its
 * attempts spent: 400 asking for a new one.
 */
export async function signInWithCode(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  client: AccessClient,
  typed: string,
  actor: Actor,
): Promise<TAccessState> {
  const browserHash = browserBinding(ctx, request, null);
  if (!browserHash) throw new AppError("VALIDATION", 400, SIGN_IN_CODE_EXPIRED);
  const now = new Date();
  const [live] = await ctx.db
    .select({ id: clientSignInCodes.id, attempts: clientSignInCodes.attempts })
    .from(clientSignInCodes)
    .where(
      and(
        eq(clientSignInCodes.clientId, client.id),
        eq(clientSignInCodes.browserHash, browserHash),
        isNull(clientSignInCodes.usedAt),
        gt(clientSignInCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(clientSignInCodes.id))
    .limit(1);
  if (!live) throw new AppError("VALIDATION", 400, SIGN_IN_CODE_EXPIRED);
  // One attempt taken atomically before the compare: a burst compares at most CODE_MAX_ATTEMPTS.
  const [taken] = await ctx.db
    .update(clientSignInCodes)
    .set({ attempts: sql`${clientSignInCodes.attempts} + 1` })
    .where(and(eq(clientSignInCodes.id, live.id), lt(clientSignInCodes.attempts, CODE_MAX_ATTEMPTS), isNull(clientSignInCodes.usedAt), gt(clientSignInCodes.expiresAt, now)))
    .returning({ codeHash: clientSignInCodes.codeHash, attempts: clientSignInCodes.attempts });
  if (!taken) throw new AppError("VALIDATION", 400, SIGN_IN_CODE_USED_UP);
  const expected = Buffer.from(taken.codeHash, "hex");
  const given = Buffer.from(codeHash(ctx, client.id, browserHash, typed), "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError("VALIDATION", 400, taken.attempts >= CODE_MAX_ATTEMPTS ? SIGN_IN_CODE_USED_UP : SIGN_IN_CODE_WRONG);
  }
  // Single use: of two requests with the right code, one signs in.
  const used = await ctx.db
    .update(clientSignInCodes)
    .set({ usedAt: now })
    .where(and(eq(clientSignInCodes.id, live.id), isNull(clientSignInCodes.usedAt)))
    .returning({ id: clientSignInCodes.id });
  if (used.length === 0) throw new AppError("VALIDATION", 400, SIGN_IN_CODE_EXPIRED);
  let protectedAt = client.protectedAt;
  if (!protectedAt) {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(clients)
        .set({ protectedAt: now })
        .where(and(eq(clients.id, client.id), isNull(clients.protectedAt)))
        .returning({ clientCode: clients.clientCode });
      if (row) {
        await recordAudit(tx, actor, { action: "cliente.proteger", entity: "cliente", entityId: client.id, summary: `${row.clientCode} protegió su cuenta con un código de WhatsApp` });
      }
    });
    protectedAt = now;
    ctx.lookups.cache.invalidate(await codesOf(ctx.db, client.id));
  }
  await startSession(ctx, request, reply, client.id);
  const [others] = await ctx.db
    .select({ n: count() })
    .from(clientSessions)
    .where(and(eq(clientSessions.clientId, client.id), gt(clientSessions.expiresAt, now)));
  return { protegida: true, sesionIniciada: true, otrasSesiones: Math.max(0, (others?.n ?? 1) - 1) };
}

async function codesOf(db: Db, clientId: number): Promise<string[]> {
  const rows = await db.select({ code: clients.clientCode }).from(clients).where(eq(clients.id, clientId));
  return rows.map((r) => r.code);
}

/**
 * The office's recovery (decision 216): the protection removed, every session and pending code of
 * the client ended, audited with the reason. The client can protect the account again from its
 * new phone (the day's stranger sends start over: the office's removal ends them).
 */
export async function removeProtection(ctx: AppContext, clientId: number, reason: string, actor: Actor): Promise<{ sessions: number } | null> {
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ clientCode: clients.clientCode, protectedAt: clients.protectedAt })
      .from(clients)
      .where(eq(clients.id, clientId))
      .for("update");
    if (!row) return null;
    if (!row.protectedAt) return { sessions: -1, code: row.clientCode };
    await tx.update(clients).set({ protectedAt: null }).where(eq(clients.id, clientId));
    const ended = await tx.delete(clientSessions).where(eq(clientSessions.clientId, clientId)).returning({ h: clientSessions.tokenHash });
    await tx.delete(clientSignInCodes).where(eq(clientSignInCodes.clientId, clientId));
    await recordAudit(tx, actor, {
      action: "cliente.quitar_proteccion",
      entity: "cliente",
      entityId: clientId,
      summary: `${row.clientCode}: protección quitada por la oficina (${ended.length} sesiones cerradas). Motivo: ${reason}`,
      before: { protegida: true },
      after: { protegida: false, motivo: reason },
    });
    return { sessions: ended.length, code: row.clientCode };
  });
  if (!result) return null;
  ctx.lookups.cache.invalidate([result.code]);
  return { sessions: result.sessions };
}
