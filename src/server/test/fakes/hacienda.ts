// A small stand-in for Hacienda's IdP (OAuth2 token endpoint) and reception API on 127.0.0.1,
// for development and tests (issue 34). It speaks the real protocol: password and refresh_token
// grants, Bearer tokens that expire, POST /recepcion with the Base64 XML (202, or 400 with
// X-Error-Cause), GET /recepcion/{clave} with ind-estado and respuesta-xml (a MensajeHacienda).
// It accepts every document unless told otherwise: `rejectNext(reason)` makes Hacienda refuse the
// next document received, `script(...)` answers the next API calls with errors.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { create } from "xmlbuilder2";

export interface FakeHaciendaDocument {
  clave: string;
  fecha: string;
  emisor: { tipoIdentificacion: string; numeroIdentificacion: string };
  receptor?: { tipoIdentificacion: string; numeroIdentificacion: string };
  /** The signed XML, decoded. */
  xml: string;
  /** The verdict it will get: accepted, or rejected with a reason. */
  verdict: { accepted: true } | { accepted: false; reason: string };
  /** GETs left answering "procesando" before the verdict. */
  processingPolls: number;
}

export type FakeHaciendaAnswer = { status: number; cause?: string; headers?: Record<string, string> };

export interface FakeHacienda {
  /** HACIENDA_IDP_URL (the token endpoint). */
  idpUrl: string;
  /** HACIENDA_API_URL (…/recepcion/v1). */
  apiUrl: string;
  clientId: string;
  username: string;
  password: string;
  /** Documents received, by clave. */
  documents: Map<string, FakeHaciendaDocument>;
  /** Grants served, in order ("password" | "refresh_token"). */
  grants: string[];
  /** Every API call (method and path), in order. */
  calls: string[];
  /** Hacienda will reject the next document received, with this reason. */
  rejectNext(reason: string): void;
  /** How many "procesando" answers a document gets before its verdict (default 0). */
  setProcessingPolls(n: number): void;
  /** Answers for the next API calls (not the IdP), in order; afterwards every valid call succeeds. */
  script(...answers: FakeHaciendaAnswer[]): void;
  /** Every token issued so far stops working (as when Hacienda ends a session). */
  revokeTokens(): void;
  close(): Promise<void>;
}

const MESSAGE_NAMESPACE = "https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/mensajeHacienda";

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

/** Hacienda's answer document (MensajeHacienda): 1 aceptado, 3 rechazado. Unsigned here; Hacienda signs its own. */
export function mensajeHacienda(doc: FakeHaciendaDocument): string {
  const total = /<TotalComprobante>([^<]+)</.exec(doc.xml)?.[1] ?? "0";
  const tax = /<TotalImpuesto>([^<]+)</.exec(doc.xml)?.[1] ?? "0";
  const name = /<Emisor><Nombre>([^<]+)</.exec(doc.xml)?.[1] ?? "";
  const m = create({ version: "1.0", encoding: "UTF-8" }).ele(MESSAGE_NAMESPACE, "MensajeHacienda");
  const el = (n: string, t: string) => m.ele(MESSAGE_NAMESPACE, n).txt(t);
  el("Clave", doc.clave);
  el("NombreEmisor", name.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">"));
  el("TipoIdentificacionEmisor", doc.emisor.tipoIdentificacion);
  el("NumeroCedulaEmisor", doc.emisor.numeroIdentificacion);
  if (doc.receptor) {
    el("TipoIdentificacionReceptor", doc.receptor.tipoIdentificacion);
    el("NumeroCedulaReceptor", doc.receptor.numeroIdentificacion);
  }
  el("Mensaje", doc.verdict.accepted ? "1" : "3");
  el("DetalleMensaje", doc.verdict.accepted ? "Este comprobante fue aceptado en el ambiente de pruebas" : doc.verdict.reason);
  el("MontoTotalImpuesto", tax);
  el("TotalFactura", total);
  return m.end({ prettyPrint: false });
}

export async function startFakeHacienda(
  options: { clientId?: string; username?: string; password?: string; tokenSeconds?: number; refreshSeconds?: number; port?: number } = {},
): Promise<FakeHacienda> {
  const clientId = options.clientId ?? "api-stag";
  const username = options.username ?? "cpj-3-101-123456@stag.comprobanteselectronicos.go.cr";
  const password = options.password ?? "clave-de-prueba";
  const documents = new Map<string, FakeHaciendaDocument>();
  const grants: string[] = [];
  const calls: string[] = [];
  const queue: FakeHaciendaAnswer[] = [];
  const live = new Set<string>();
  const refreshes = new Set<string>();
  let pendingRejection: string | undefined;
  let processingPolls = 0;
  let counter = 0;

  const send = (res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      const path = (req.url ?? "").split("?")[0];
      if (path === "/auth/realms/rut-stag/protocol/openid-connect/token" && req.method === "POST") {
        const form = new URLSearchParams(text);
        const grant = form.get("grant_type") ?? "";
        if (form.get("client_id") !== clientId) return send(res, 401, { error: "unauthorized_client" });
        if (grant === "password") {
          if (form.get("username") !== username || form.get("password") !== password) {
            return send(res, 401, { error: "invalid_grant", error_description: "Invalid user credentials" });
          }
        } else if (grant === "refresh_token") {
          if (!refreshes.has(form.get("refresh_token") ?? "")) return send(res, 400, { error: "invalid_grant", error_description: "Invalid refresh token" });
        } else {
          return send(res, 400, { error: "unsupported_grant_type" });
        }
        grants.push(grant);
        const access = `access-${++counter}`;
        const refresh = `refresh-${counter}`;
        live.add(access);
        refreshes.add(refresh);
        return send(res, 200, {
          access_token: access,
          expires_in: options.tokenSeconds ?? 300,
          refresh_token: refresh,
          refresh_expires_in: options.refreshSeconds ?? 36_000,
          token_type: "bearer",
        });
      }
      const match = /^\/recepcion\/v1\/recepcion(?:\/(\d+))?$/.exec(path);
      if (!match) return send(res, 404, { error: "not found" });
      calls.push(`${req.method} ${path}`);
      const bearer = /^bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
      if (!bearer || !live.has(bearer)) return send(res, 401, undefined, { "www-authenticate": 'Bearer error="invalid_token"' });
      const scripted = queue.shift();
      if (scripted) return send(res, scripted.status, undefined, { ...(scripted.cause ? { "x-error-cause": scripted.cause } : {}), ...scripted.headers });
      if (req.method === "POST" && !match[1]) {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          return send(res, 400, undefined, { "x-error-cause": "El cuerpo no es JSON" });
        }
        const clave = String(body.clave ?? "");
        const emisor = body.emisor as FakeHaciendaDocument["emisor"] | undefined;
        if (!/^\d{50}$/.test(clave) || typeof body.fecha !== "string" || !emisor?.tipoIdentificacion || typeof body.comprobanteXml !== "string") {
          return send(res, 400, undefined, { "x-error-cause": "Faltan datos obligatorios: clave, fecha, emisor o comprobanteXml" });
        }
        if (documents.has(clave)) return send(res, 400, undefined, { "x-error-cause": `El comprobante [${clave}] ya fue recibido anteriormente.` });
        const xml = Buffer.from(body.comprobanteXml, "base64").toString("utf8");
        if (!xml.includes(`<Clave>${clave}</Clave>`) || !xml.includes("<ds:Signature")) {
          return send(res, 400, undefined, { "x-error-cause": "El XML no corresponde a la clave o no está firmado" });
        }
        const reason = pendingRejection;
        pendingRejection = undefined;
        documents.set(clave, {
          clave,
          fecha: body.fecha,
          emisor,
          receptor: body.receptor as FakeHaciendaDocument["receptor"],
          xml,
          verdict: reason === undefined ? { accepted: true } : { accepted: false, reason },
          processingPolls,
        });
        return send(res, 202);
      }
      if (req.method === "GET" && match[1]) {
        const doc = documents.get(match[1]);
        if (!doc) return send(res, 404, undefined, { "x-error-cause": "El comprobante no ha sido recibido" });
        if (doc.processingPolls > 0) {
          doc.processingPolls--;
          return send(res, 200, { clave: doc.clave, fecha: doc.fecha, "ind-estado": "procesando" });
        }
        return send(res, 200, {
          clave: doc.clave,
          fecha: doc.fecha,
          "ind-estado": doc.verdict.accepted ? "aceptado" : "rechazado",
          "respuesta-xml": Buffer.from(mensajeHacienda(doc), "utf8").toString("base64"),
        });
      }
      return send(res, 405);
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    idpUrl: `${base}/auth/realms/rut-stag/protocol/openid-connect/token`,
    apiUrl: `${base}/recepcion/v1`,
    clientId,
    username,
    password,
    documents,
    grants,
    calls,
    rejectNext: (reason) => void (pendingRejection = reason),
    setProcessingPolls: (n) => void (processingPolls = n),
    script: (...answers) => void queue.push(...answers),
    revokeTokens: () => live.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The connection variables a test app needs to reach the fake (the emitter's data come separately). */
export function fakeHaciendaEnv(fake: FakeHacienda): Record<string, string> {
  return {
    HACIENDA_API_URL: fake.apiUrl,
    HACIENDA_IDP_URL: fake.idpUrl,
    HACIENDA_CLIENT_ID: fake.clientId,
    HACIENDA_USERNAME: fake.username,
    HACIENDA_PASSWORD: fake.password,
  };
}
