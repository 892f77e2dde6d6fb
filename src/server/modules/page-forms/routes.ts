// POST to a public page's own address: what a prerendered form sends when the browser submits it
// by itself, because the page's script is blocked or still loading (decision 149). Every such
// form has method="post", so its fields never go in the address, the history or the request log.
// /contacto works without the script (progressive enhancement): the message goes through the
// API's schema, abuse limit and service and is answered with a page. The other forms need the
// script (a proof-of-work challenge, several codes, the parts assistant's next step): their
// button waits for it, and a POST that still arrives gets a page saying nothing was sent.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  CONTACT_SENT_DESCRIPTION,
  CONTACT_SENT_TITLE,
  ZContactRequestSchema,
} from "../../../shared/api/contact";
import {
  FORM_CHALLENGE_NEEDS_SCRIPT,
  FORM_CROSS_SITE,
  FORM_FAILED,
  FORM_NEEDS_SCRIPT_BODY,
  FORM_NEEDS_SCRIPT_TITLE,
  FORM_TOO_LARGE,
  FORM_UNSUPPORTED,
} from "../../../shared/api/page-forms";
import { PUBLIC_PAGE_PATHS } from "../../../shared/page-routes";
import type { AppContext } from "../../context";
import { AppError, isDatabaseUnavailable } from "../../errors";
import { enforceLimit } from "../../lib/abuse-limits";
import { createContactMessage } from "../contact/service";
import { answerPage, contactFormBody, linkButtons, paragraph, type ContactField, type ContactValues } from "./pages";

/** The contact page, the one form that works without the page's script. */
const CONTACT_PAGE = "/contacto";
/** Where a message sent from it leads: the confirmation, at an address of its own. */
const CONTACT_SENT_PAGE = "/contacto/enviado";
/**
 * The largest form body read: the contact message's 5 000 characters, each up to 9 bytes once
 * percent-encoded (a three-byte character), and the other fields, fit well.
 */
export const PAGE_FORM_BODY_LIMIT = 64 * 1024;
const CONTACT_TITLE = "Contáctanos";

/**
 * True unless the browser says the form came from another site. Sec-Fetch-Site (every current
 * browser) must be same-origin; else Origin, when sent, must be this site (the request's own
 * origin, or PUBLIC_URL's). A request with neither header is not a browser posting across sites
 * (every browser that sends forms sends Origin with a POST), so it goes on to the same checks
 * and limits as /api/contact, which such a client can call anyway.
 */
export function isSameOriginPost(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site === "same-origin";
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === `${request.protocol}://${request.host}`) return true;
  return publicUrl !== undefined && origin === new URL(publicUrl).origin;
}

export function registerPageFormRoutes(app: FastifyInstance, ctx: AppContext): void {
  const brand = ctx.config.brand;
  const send = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply
      .status(status)
      .type("text/html; charset=utf-8")
      // The page may hold what the visitor typed: never kept by a cache.
      .header("cache-control", "no-store")
      .send(answerPage(brand, title, body));
  const needsScript = (reply: FastifyReply, page: string) =>
    send(
      reply,
      200,
      FORM_NEEDS_SCRIPT_TITLE,
      paragraph(FORM_NEEDS_SCRIPT_BODY) + linkButtons([[page, "Volver a la página"], [brand.social.whatsapp, "Escríbenos por WhatsApp"]]),
    );

  // Its own scope: the form-body parser must never reach /api, whose JSON-only bodies are part
  // of what keeps other sites from posting to it.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: PAGE_FORM_BODY_LIMIT }, (_request, body, done) =>
      done(null, new URLSearchParams(body as string)),
    );
    // Any other body is read (up to the limit) and dropped: nothing here uses it.
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: PAGE_FORM_BODY_LIMIT }, (_request, _body, done) => done(null, null));

    scope.setErrorHandler((error, request, reply) => {
      const code = (error as { code?: string }).code;
      if (request.routeOptions.url !== CONTACT_PAGE) return needsScript(reply, request.routeOptions.url ?? "/");
      if (code === "FST_ERR_CTP_BODY_TOO_LARGE") return send(reply, 413, CONTACT_TITLE, paragraph(FORM_TOO_LARGE) + linkButtons([[CONTACT_PAGE, "Volver al formulario"]]));
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ code }, "database unavailable");
      } else {
        // Only the error's kind: a database error's text can carry the values the person sent.
        request.log.error({ errorName: (error as Error).name, code }, "the contact page's form failed");
      }
      return send(reply, isDatabaseUnavailable(error) ? 503 : 500, CONTACT_TITLE, paragraph(FORM_FAILED) + linkButtons([[CONTACT_PAGE, "Volver al formulario"]]));
    });

    scope.post(CONTACT_PAGE, async (request, reply) => {
      if (!isSameOriginPost(request, ctx.config.publicUrl)) {
        return send(reply, 403, CONTACT_TITLE, paragraph(FORM_CROSS_SITE) + linkButtons([[CONTACT_PAGE, "Ir al formulario de contacto"]]));
      }
      if (!(request.body instanceof URLSearchParams)) {
        return send(reply, 415, CONTACT_TITLE, paragraph(FORM_UNSUPPORTED) + linkButtons([[CONTACT_PAGE, "Volver al formulario"]]));
      }
      const form = request.body;
      const values: ContactValues = {
        nombre: form.get("nombre") ?? "",
        email: form.get("email") ?? "",
        telefono: form.get("telefono") ?? "",
        mensaje: form.get("mensaje") ?? "",
      };
      // The API's own schema, so the page accepts exactly what /api/contact accepts.
      const parsed = ZContactRequestSchema.safeParse(values);
      if (!parsed.success) {
        const errors: Partial<Record<ContactField, string>> = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as ContactField;
          errors[field] ??= issue.message;
        }
        return send(reply, 400, CONTACT_TITLE, contactFormBody(values, errors));
      }
      // The API's limit, counted after validation as there: only real messages use it.
      try {
        await enforceLimit(ctx, request, "contact", reply);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const notice = error.code === "CHALLENGE_REQUIRED" ? FORM_CHALLENGE_NEEDS_SCRIPT : error.message;
        return send(reply, error.statusCode, CONTACT_TITLE, contactFormBody(values, {}, notice));
      }
      try {
        await createContactMessage(ctx.db, parsed.data);
      } catch (error) {
        const unavailable = isDatabaseUnavailable(error);
        request.log.error({ errorName: (error as Error).name, code: (error as { code?: string }).code }, "could not store a contact message sent without the page's script");
        return send(reply, unavailable ? 503 : 500, CONTACT_TITLE, contactFormBody(values, {}, FORM_FAILED));
      }
      // Post/redirect/get: going back or reloading never sends the message again.
      return reply.redirect(CONTACT_SENT_PAGE, 303);
    });
    scope.get(CONTACT_SENT_PAGE, async (_request, reply) =>
      send(reply, 200, CONTACT_SENT_TITLE, paragraph(CONTACT_SENT_DESCRIPTION) + linkButtons([["/", "Volver al inicio"], [CONTACT_PAGE, "Enviar otro mensaje"]])),
    );

    // Every other public page: its form waits for the script, so a POST here is a browser that
    // sent it anyway (or a form added later without its own handling). Nothing is read or kept.
    for (const page of PUBLIC_PAGE_PATHS) {
      if (page !== CONTACT_PAGE) scope.post(page, async (_request, reply) => needsScript(reply, page));
    }
  });
}
