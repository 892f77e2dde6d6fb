// POST /api/upload/image-url (public-site §7), the signed PUT that local storage receives, and
// GET /objects/uploads/{name}?exp&sig, which serves uploaded images through a signed link only,
// with their real type and nosniff.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { enforceLimit } from "../../lib/abuse-limits";
import { AppError, errorBody } from "../../errors";
import { contractSchema } from "../../lib/route-contract";
import { limitAddress } from "../../lib/abuse-limits";
import { IMAGE_LINK_INVALID, IMAGE_MAX_BYTES, STAFF_PHOTO_ROUTE, UPLOAD_OBJECT_ROUTE, UPLOAD_URL_ROUTE } from "../../../shared/api/uploads";
import { DELIVERY_STAFF } from "../../../shared/domain/staff-roles";
import { storeStaffPhoto } from "./package-photos";
import {
  checkDeclaredLength,
  checkSignedPut,
  createUpload,
  publicQuota,
  isUploadName,
  readLimitedBody,
  readUploadedObject,
  receiveUpload,
  reservedBytes,
  staffQuota,
} from "./service";
import { staffActor } from "../../lib/actor";

/**
 * This site's origin for local upload addresses: PUBLIC_URL, else none (the address is relative,
 * so the browser PUTs to the page's own origin). Never the request's Host header, which anyone
 * can set (docs/decisions/100).
 */
const originOf = (ctx: AppContext): string => ctx.config.publicUrl ?? "";

/** A quota refusal's Retry-After. */
function setRetryAfter(reply: FastifyReply, error: unknown): void {
  if (error instanceof AppError && typeof error.extra?.retryAfterSeconds === "number") {
    reply.header("retry-after", String(error.extra.retryAfterSeconds));
  }
}

export function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    UPLOAD_URL_ROUTE.path,
    {
      config: { auth: "public", codeOracle: false },
      schema: contractSchema(UPLOAD_URL_ROUTE),
      // Counted before the body is checked, as it always was: every ask uses the allowance.
      preValidation: async (request, reply) => {
        await enforceLimit(ctx, request, "upload", reply);
      },
    },
    async (request, reply) => {
      const body = request.body;
      const quota = publicQuota(ctx.config.uploads, limitAddress(request.ip));
      let uploadURL: string;
      try {
        ({ uploadURL } = await createUpload(ctx.db, ctx.providers.storage, originOf(ctx), { size: body?.size, quota, kind: body?.tipo }));
      } catch (error) {
        setRetryAfter(reply, error);
        throw error;
      }
      reply.header("cache-control", "no-store");
      return { uploadURL };
    },
  );

  // The PUT takes any content type as a raw stream (the content decides, not the header), so its
  // parser lives in its own scope and the JSON routes keep theirs.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().put(
      UPLOAD_OBJECT_ROUTE.path,
      { config: { auth: "public", codeOracle: false }, schema: contractSchema(UPLOAD_OBJECT_ROUTE) },
      async (request, reply) => {
        const storage = ctx.providers.storage;
        await checkSignedPut(storage, {
          name: request.params.name,
          expires: request.query.expires,
          signature: request.query.signature,
          contentLength: request.headers["content-length"],
        });
        // No more than the size reserved when the address was handed out.
        const limit = await reservedBytes(ctx.db, request.params.name);
        checkDeclaredLength(request.headers["content-length"], limit);
        const bytes = await readLimitedBody(request.body as AsyncIterable<Uint8Array> | undefined, limit);
        const stored = await receiveUpload(ctx.db, storage, request.params.name, bytes);
        return reply.status(200).send({ objectPath: stored.objectPath });
      },
    );
  });

  // Staff photos (issue 20): the image is the raw body, checked by its content like any upload;
  // counted against the account's daily allowance and the staff share, and audited (decision 145).
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().post(STAFF_PHOTO_ROUTE.path, { config: { auth: "admin", roles: DELIVERY_STAFF }, schema: contractSchema(STAFF_PHOTO_ROUTE) }, async (request, reply) => {
      checkDeclaredLength(request.headers["content-length"], IMAGE_MAX_BYTES);
      const bytes = await readLimitedBody(request.body as AsyncIterable<Uint8Array> | undefined);
      const actor = staffActor(request);
      let stored;
      try {
        stored = await storeStaffPhoto(ctx.db, ctx.providers.storage, bytes, actor, staffQuota(ctx.config.uploads, request.staff!.accountId));
      } catch (error) {
        setRetryAfter(reply, error);
        throw error;
      }
      return reply.status(201).send(stored);
    });
  });

  // Stored images are private (issue 31, decision 146): served only through a signed link that is
  // valid now, to this browser alone, never kept by it or by a shared cache.
  const serveObject = async (request: FastifyRequest<{ Params: { name: string }; Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
    reply.header("cache-control", "private, no-store");
    const { exp, sig } = request.query ?? {};
    if (exp === undefined && sig === undefined) {
      if (!isUploadName(request.params.name)) return reply.status(404).send(errorBody("NOT_FOUND", "Recurso no encontrado"));
      return reply.status(403).send(errorBody("FORBIDDEN", IMAGE_LINK_INVALID));
    }
    if (!ctx.imageLinks.verify(request.params.name, exp, sig)) return reply.status(403).send(errorBody("FORBIDDEN", IMAGE_LINK_INVALID));
    const object = await readUploadedObject(ctx.db, ctx.providers.storage, request.params.name);
    // A purchase invoice is opened only through its package's routes, by its client or staff (decision 215).
    if (!object || object.kind !== "IMAGEN") return reply.status(404).send(errorBody("NOT_FOUND", "Recurso no encontrado"));
    return reply
      .header("content-type", object.contentType)
      .header("x-content-type-options", "nosniff")
      .header("content-disposition", "inline")
      // Opened on its own it can run nothing.
      .header("content-security-policy", "default-src 'none'; sandbox")
      .send(Buffer.from(object.bytes.buffer, object.bytes.byteOffset, object.bytes.byteLength));
  };
  app.get<{ Params: { name: string }; Querystring: Record<string, unknown> }>("/objects/uploads/:name", serveObject);
  // Everything else under /objects (dot segments included) is a plain 404, never a static file lookup.
  app.get("/objects/*", (_request, reply) => reply.status(404).send(errorBody("NOT_FOUND", "Recurso no encontrado")));
}
