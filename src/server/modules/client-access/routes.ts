// A protected account's calls (issue 36 item 3; docs/decisions/216, 217). Public, by client code,
// watched by the code-guessing guard like every portal call (codeOracle: a 404 is a counted miss),
// and "open" to a protected account's bare code (they are how it signs in, and the statuses it may
// see). The office's recovery is an admin call for the office roles, audited.
//   GET  /api/cuenta/:clientCode           protected? signed in here? other sessions?
//   GET  /api/cuenta/:clientCode/estados   the packages' number, status and dates only
//   POST /api/cuenta/codigo                a one-time code to the client's WhatsApp
//   POST /api/cuenta/ingresar              the code signs this browser in (and protects the account)
//   POST /api/cuenta/salir                 this browser signs out
//   POST /api/cuenta/salir-otros           the client's other browsers sign out (signed in only)
//   POST /api/admin/clients/:id/quitar-proteccion   the office removes the protection
import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { enforceLookupLimit, enforceWriteLimits } from "../../lib/abuse-limits";
import { contractSchema } from "../../lib/route-contract";
import { AppError, notFound } from "../../errors";
import { clientActor, staffActor } from "../../lib/actor";
import { findClientByTypedCode } from "../../core/client-codes";
import { clients, clientTrackings } from "../../db/schema";
import { CLIENT_NOT_FOUND_MESSAGE } from "../../../shared/api/clients";
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { Origin, TrackingStatus } from "../../../shared/domain/statuses";
import {
  ADMIN_REMOVE_PROTECTION_ROUTE,
  CLIENT_ACCESS_STATE_ROUTE,
  CLIENT_PACKAGE_STATUSES_ROUTE,
  CLIENT_SIGN_IN_CODE_ROUTE,
  CLIENT_SIGN_IN_ROUTE,
  CLIENT_SIGN_OUT_OTHERS_ROUTE,
  CLIENT_SIGN_OUT_ROUTE,
  PROTECTION_NOT_ON,
  SIGN_IN_NEEDED_FOR_OTHERS,
} from "../../../shared/api/client-access";
import { accessState, removeProtection, sendSignInCode, signInWithCode, signOut, signOutOthers } from "./service";

export function registerClientAccessRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const open = { auth: "public", codeOracle: true, clientAccess: "open" } as const;

  const clientOf = async (typed: string) => {
    const client = await findClientByTypedCode(ctx.db, typed, { id: clients.id, telefono: clients.telefono, protectedAt: clients.protectedAt });
    if (!client) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
    return client;
  };

  api.get(CLIENT_ACCESS_STATE_ROUTE.path, { config: open, schema: contractSchema(CLIENT_ACCESS_STATE_ROUTE) }, async (request, reply) => {
    await enforceLookupLimit(ctx, request, reply);
    return accessState(ctx, request, await clientOf(request.params.clientCode));
  });

  api.get(CLIENT_PACKAGE_STATUSES_ROUTE.path, { config: open, schema: contractSchema(CLIENT_PACKAGE_STATUSES_ROUTE) }, async (request, reply) => {
    await enforceLookupLimit(ctx, request, reply);
    const client = await clientOf(request.params.clientCode);
    const t = clientTrackings;
    const rows = await ctx.db
      .select({
        trackingCode: t.trackingCode,
        estado: t.estado,
        origen: t.origen,
        createdAt: t.createdAt,
        estadoDesde: t.lastStatusChangeDate,
        enVerificacion: sql<boolean>`exists (select 1 from unclaimed_matches m where m.tracking_id = ${t.id} and m.estado = 'PENDIENTE')`,
      })
      .from(t)
      .where(and(eq(t.clientId, client.id)))
      .orderBy(desc(t.createdAt), desc(t.id));
    return {
      trackings: rows.map((r) => ({
        trackingCode: r.trackingCode,
        estado: r.estado as TrackingStatus,
        origen: r.origen as Origin,
        createdAt: r.createdAt.toISOString(),
        estadoDesde: r.estadoDesde.toISOString(),
        enVerificacion: r.enVerificacion === true,
      })),
    };
  });

  api.post(CLIENT_SIGN_IN_CODE_ROUTE.path, { config: open, schema: contractSchema(CLIENT_SIGN_IN_CODE_ROUTE) }, async (request, reply) => {
    await enforceWriteLimits(ctx, request, reply, request.body.clientCode);
    return sendSignInCode(ctx, request, reply, await clientOf(request.body.clientCode));
  });

  api.post(CLIENT_SIGN_IN_ROUTE.path, { config: open, schema: contractSchema(CLIENT_SIGN_IN_ROUTE) }, async (request, reply) => {
    await enforceWriteLimits(ctx, request, reply, request.body.clientCode);
    const client = await clientOf(request.body.clientCode);
    return signInWithCode(ctx, request, reply, client, request.body.codigo, clientActor(request));
  });

  api.post(CLIENT_SIGN_OUT_ROUTE.path, { config: open, schema: contractSchema(CLIENT_SIGN_OUT_ROUTE) }, async (request, reply) =>
    signOut(ctx, request, reply, await clientOf(request.body.clientCode)),
  );

  api.post(CLIENT_SIGN_OUT_OTHERS_ROUTE.path, { config: open, schema: contractSchema(CLIENT_SIGN_OUT_OTHERS_ROUTE) }, async (request) => {
    const client = await clientOf(request.body.clientCode);
    const state = await signOutOthers(ctx, request, client);
    if (!state.sesionIniciada) throw new AppError("SIGN_IN_REQUIRED", 401, SIGN_IN_NEEDED_FOR_OTHERS);
    return state;
  });

  api.post(
    ADMIN_REMOVE_PROTECTION_ROUTE.path,
    { config: { auth: "admin", roles: OFFICE_STAFF }, schema: contractSchema(ADMIN_REMOVE_PROTECTION_ROUTE) },
    async (request) => {
      const done = await removeProtection(ctx, request.params.id, request.body.motivo, staffActor(request));
      if (!done) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
      if (done.sessions < 0) throw new AppError("CONFLICT", 409, PROTECTION_NOT_ON);
      return { protegida: false as const, sesionesCerradas: done.sessions };
    },
  );
}
