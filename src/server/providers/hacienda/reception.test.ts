// Issue 34: Hacienda's reception API client against the local stand-in (test/fakes/hacienda.ts):
// the OAuth2 password grant with renewal, sending, asking the state until it is final, reading
// Hacienda's answer, and every failure classified as retryable or not.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakeHacienda, type FakeHacienda } from "../../test/fakes/hacienda";
import { freePort } from "../../test/free-port";
import { createHaciendaReception, HaciendaApiError, type HaciendaCredentials } from "./reception";

const CLAVE = "50627112600310112345600100001010000000001112345678";
const submission = (clave = CLAVE) => ({
  clave,
  fecha: "2026-11-27T14:15:09-06:00",
  emisor: { tipoIdentificacion: "02", numeroIdentificacion: "3101123456" },
  receptor: { tipoIdentificacion: "01", numeroIdentificacion: "109870654" },
  signedXml: `<?xml version="1.0" encoding="UTF-8"?><FacturaElectronica><Clave>${clave}</Clave><Receptor><Nombre>José Ñúñez</Nombre></Receptor><TotalImpuesto>1.00000</TotalImpuesto><TotalComprobante>9.00000</TotalComprobante><ds:Signature/></FacturaElectronica>`,
});

let fake: FakeHacienda;
let clock: number;
let credentials: HaciendaCredentials;
beforeEach(async () => {
  fake = await startFakeHacienda({ tokenSeconds: 300, refreshSeconds: 3600 });
  clock = Date.UTC(2026, 10, 27, 20);
  credentials = { idpUrl: fake.idpUrl, apiUrl: fake.apiUrl, clientId: fake.clientId, username: fake.username, password: fake.password };
});
afterEach(async () => {
  await fake.close();
});
const client = (c: Partial<HaciendaCredentials> = {}) => createHaciendaReception({ ...credentials, ...c }, { now: () => clock });

async function failure(promise: Promise<unknown>): Promise<HaciendaApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HaciendaApiError);
  return error as HaciendaApiError;
}

describe("Hacienda reception API client (issue 34)", () => {
  it("sends a document, polls until the state is final and reads Hacienda's answer", async () => {
    fake.setProcessingPolls(2);
    const api = client();
    expect(await api.submit(submission())).toEqual({ alreadyReceived: false });
    const doc = fake.documents.get(CLAVE)!;
    expect(doc.xml).toContain("José Ñúñez");
    expect(doc.receptor).toEqual({ tipoIdentificacion: "01", numeroIdentificacion: "109870654" });
    expect((await api.status(CLAVE)).state).toBe("procesando");
    expect((await api.status(CLAVE)).state).toBe("procesando");
    const final = await api.status(CLAVE);
    expect(final.state).toBe("aceptado");
    expect(final.responseXml).toContain("<Mensaje>1</Mensaje>");
    expect(final.responseXml).toContain(`<Clave>${CLAVE}</Clave>`);
    // One sign-in served every call.
    expect(fake.grants).toEqual(["password"]);
  });

  it("a document Hacienda rejects comes back 'rechazado' with the reason in respuesta-xml", async () => {
    fake.rejectNext("El receptor <José> & Cía no está inscrito");
    const api = client();
    await api.submit(submission());
    const final = await api.status(CLAVE);
    expect(final.state).toBe("rechazado");
    expect(final.responseXml).toContain("<Mensaje>3</Mensaje>");
    expect(final.responseXml).toContain("El receptor &lt;José&gt; &amp; Cía no está inscrito");
  });

  it("sending the same clave twice is not an error (Hacienda already has it)", async () => {
    const api = client();
    await api.submit(submission());
    expect(await api.submit(submission())).toEqual({ alreadyReceived: true });
  });

  it("renews the token with the refresh token near expiry, signs in again when that is gone, and retries once after a 401", async () => {
    const api = client();
    await api.submit(submission());
    clock += 280_000; // within the 30 s margin of the 300 s token
    await api.status(CLAVE);
    expect(fake.grants).toEqual(["password", "refresh_token"]);
    clock += 4 * 3600_000; // the refresh token is gone too
    await api.status(CLAVE);
    expect(fake.grants).toEqual(["password", "refresh_token", "password"]);
    fake.revokeTokens();
    expect((await api.status(CLAVE)).state).toBe("aceptado");
    expect(fake.grants).toHaveLength(4);
  });

  it("classifies failures: 429, 5xx and network trouble retryable; 400 with X-Error-Cause and refused logins final", async () => {
    const api = client();
    fake.script({ status: 503, headers: { "retry-after": "120" } });
    const unavailable = await failure(api.submit(submission()));
    expect(unavailable).toMatchObject({ failure: "SERVER", retryable: true, details: { status: 503, retryAfterMs: 120_000 } });
    fake.script({ status: 429 });
    expect(await failure(api.submit(submission()))).toMatchObject({ failure: "THROTTLED", retryable: true });
    fake.script({ status: 400, cause: "El archivo XML no cumple con el esquema: Receptor" });
    const refused = await failure(api.submit(submission()));
    expect(refused).toMatchObject({ failure: "REJECTED_REQUEST", retryable: false, details: { status: 400, cause: "El archivo XML no cumple con el esquema: Receptor" } });
    expect(refused.message).toContain("no cumple con el esquema");
    expect(await failure(api.status("5".repeat(50)))).toMatchObject({ failure: "NOT_FOUND", retryable: true });
    expect(await failure(client({ password: "otra" }).submit(submission()))).toMatchObject({ failure: "LOGIN_REFUSED", retryable: false });
    const closed = `http://127.0.0.1:${await freePort()}`;
    expect(await failure(client({ idpUrl: `${closed}/token`, apiUrl: closed }).submit(submission()))).toMatchObject({ failure: "NETWORK", retryable: true });
  });
});
