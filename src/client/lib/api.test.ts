import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { CHALLENGE_EVENT, type ChallengeRequest } from "./challenge-event";
import { apiRequest, errorMessageFrom, errorStatusFrom, getQueryFn, setAdminToken, uploadFile } from "./api";

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let base = "";
let seen: Seen[] = [];

// A small real server on 127.0.0.1: each path answers a fixed status and body.
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString() });
      const path = (req.url ?? "").split("?")[0];
      if (path === "/api/ok") return res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      if (path === "/api/clients/EXAB12CD") return res.writeHead(200, { "content-type": "application/json" }).end('{"nombre":"Ana"}');
      if (path === "/api/bad") {
        return res
          .writeHead(400, { "content-type": "application/json" })
          .end('{"error":"VALIDATION","message":"El nombre debe tener al menos 3 caracteres"}');
      }
      if (path === "/api/code-only") return res.writeHead(409, { "content-type": "application/json" }).end('{"error":"Duplicado"}');
      if (path === "/api/html") return res.writeHead(502, { "content-type": "text/html" }).end("<html>Bad gateway</html>");
      if (path === "/api/empty") return res.writeHead(404).end();
      if (path === "/api/guarded" || path === "/api/guarded-always") {
        // Like the server's limits past the free requests: a 428 until the solution comes along.
        if (req.headers["x-altcha"] === "solucion-1" && !req.url?.includes("always")) return res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
        return res
          .writeHead(428, { "content-type": "application/json" })
          .end('{"error":"Verificación requerida","code":"CHALLENGE_REQUIRED","message":"Confirma que no eres un robot."}');
      }
      if (path === "/api/priced-login" || path === "/api/priced-elsewhere") {
        // Like a sign-in under a flood (decision 143): a dearer challenge, named by the 428.
        if (req.headers["x-altcha"] === (path === "/api/priced-login" ? "solucion-entrar" : "solucion-3")) return res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
        const challengeUrl = path === "/api/priced-login" ? "/api/challenge?price=8" : "https://otro.example/api/challenge?price=8";
        return res
          .writeHead(428, { "content-type": "application/json" })
          .end(JSON.stringify({ error: "Verificación requerida", code: "CHALLENGE_REQUIRED", message: "Hubo muchos intentos fallidos de entrar.", challengeUrl, price: 8 }));
      }
      if (path === "/api/priced") {
        if (req.headers["x-altcha"] === "solucion-2") return res.writeHead(200, { "content-type": "application/json", "x-code-pass": "1900000000.pase-de-prueba" }).end('{"ok":true}');
        return res
          .writeHead(428, { "content-type": "application/json" })
          .end('{"code":"CHALLENGE_REQUIRED","message":"Confirma que no eres un robot.","challengeUrl":"/api/challenge?price=4&code=EXAB12CD","price":4}');
      }
      if (path === "/api/private") return res.writeHead(401, { "content-type": "application/json" }).end('{"error":"UNAUTHORIZED","message":"No autorizado"}');
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  seen = [];
  setAdminToken(null);
  vi.restoreAllMocks();
});

describe("apiRequest", () => {
  it("sends JSON with a JSON content type only when there is a body, always with credentials", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    await apiRequest("POST", `${base}/api/ok`, { nombre: "Ana" });
    await apiRequest("DELETE", `${base}/api/ok`);

    expect(seen[0].method).toBe("POST");
    expect(seen[0].headers["content-type"]).toBe("application/json");
    expect(JSON.parse(seen[0].body)).toEqual({ nombre: "Ana" });
    expect(seen[1].method).toBe("DELETE");
    expect(seen[1].headers["content-type"]).toBeUndefined();
    expect(seen[1].body).toBe("");
    expect(fetchSpy.mock.calls.every(([, init]) => init?.credentials === "include")).toBe(true);
  });

  it("adds the admin bearer token while one is set", async () => {
    setAdminToken("tok-123");
    await apiRequest("GET", `${base}/api/ok`);
    setAdminToken(null);
    await apiRequest("GET", `${base}/api/ok`);
    expect(seen[0].headers.authorization).toBe("Bearer tok-123");
    expect(seen[1].headers.authorization).toBeUndefined();
  });

  it("sends FormData as multipart, not as JSON", async () => {
    const form = new FormData();
    form.append("file", new Blob(["x"], { type: "text/plain" }), "a.xlsx");
    await apiRequest("POST", `${base}/api/ok`, form);
    expect(seen[0].headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
  });

  it("turns a non-2xx answer into '<status>: <body>'", async () => {
    await expect(apiRequest("POST", `${base}/api/bad`, {})).rejects.toThrow(
      '400: {"error":"VALIDATION","message":"El nombre debe tener al menos 3 caracteres"}',
    );
  });

  it("uses the status text when the body is empty", async () => {
    await expect(apiRequest("GET", `${base}/api/empty`)).rejects.toThrow(/^404: Not Found$/);
  });
});

describe("reading errors", () => {
  async function failure(path: string): Promise<unknown> {
    return apiRequest("GET", `${base}${path}`).then(
      () => expect.unreachable(),
      (err: unknown) => err,
    );
  }

  it("prefers the server's message, then its error, then the fallback", async () => {
    expect(errorMessageFrom(await failure("/api/bad"), "x")).toBe("El nombre debe tener al menos 3 caracteres");
    expect(errorMessageFrom(await failure("/api/code-only"), "x")).toBe("Duplicado");
    expect(errorMessageFrom(await failure("/api/html"), "No se pudo registrar el cliente.")).toBe(
      "No se pudo registrar el cliente.",
    );
    expect(errorMessageFrom(await failure("/api/empty"), "fallback")).toBe("fallback");
    expect(errorMessageFrom(new TypeError("Failed to fetch"), "fallback")).toBe("fallback");
    expect(errorMessageFrom("not an error", "fallback")).toBe("fallback");
  });

  it("reads the status out of the error", async () => {
    expect(errorStatusFrom(await failure("/api/empty"))).toBe(404);
    expect(errorStatusFrom(await failure("/api/private"))).toBe(401);
    expect(errorStatusFrom(new Error("boom"))).toBeNull();
  });
});

describe("default query function", () => {
  it("GETs the key's segments joined by '/' and parses JSON", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { queryFn: getQueryFn({ on401: "throw" }), retry: false } } });
    const data = await client.fetchQuery({ queryKey: [`${base}/api/clients`, "EXAB12CD"] });
    expect(data).toEqual({ nombre: "Ana" });
    expect(seen[0]).toMatchObject({ method: "GET", url: "/api/clients/EXAB12CD" });
  });

  it("returns null on 401 when asked to, and throws otherwise", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = [`${base}/api/private`];
    await expect(client.fetchQuery({ queryKey: key, queryFn: getQueryFn({ on401: "returnNull" }) })).resolves.toBeNull();
    client.clear();
    await expect(client.fetchQuery({ queryKey: key, queryFn: getQueryFn({ on401: "throw" }) })).rejects.toThrow(/^401: /);
  });
});

describe("a call asked for a proof-of-work challenge (428)", () => {
  it("asks the page once for parallel calls, then sends each again with the solution", async () => {
    const asked: ChallengeRequest[] = [];
    const host = (event: Event) => {
      event.preventDefault();
      asked.push((event as CustomEvent<ChallengeRequest>).detail);
      setTimeout(() => (event as CustomEvent<ChallengeRequest>).detail.resolve("solucion-1"), 0);
    };
    vi.stubGlobal("window", new EventTarget());
    window.addEventListener(CHALLENGE_EVENT, host);
    try {
      const answers = await Promise.all([apiRequest("GET", `${base}/api/guarded`), apiRequest("POST", `${base}/api/guarded`, { a: 1 })]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(asked).toHaveLength(1);
      expect(asked[0].message).toBe("Confirma que no eres un robot.");
      const retried = seen.filter((s) => s.headers["x-altcha"] === "solucion-1");
      expect(retried.map((s) => s.method).sort()).toEqual(["GET", "POST"]);
      expect(JSON.parse(retried.find((s) => s.method === "POST")!.body)).toEqual({ a: 1 });
    } finally {
      window.removeEventListener(CHALLENGE_EVENT, host);
    }
  });

  it("keeps the server's Spanish message when the visitor closes the widget", async () => {
    const host = (event: Event) => {
      event.preventDefault();
      (event as CustomEvent<ChallengeRequest>).detail.reject(new Error("closed"));
    };
    vi.stubGlobal("window", new EventTarget());
    window.addEventListener(CHALLENGE_EVENT, host);
    try {
      // This path takes no solution: the 428 stands, with its message for the form.
      const error = await apiRequest("GET", `${base}/api/guarded-always`).catch((e: unknown) => e);
      expect(errorStatusFrom(error)).toBe(428);
      expect(errorMessageFrom(error, "otro")).toBe("Confirma que no eres un robot.");
    } finally {
      window.removeEventListener(CHALLENGE_EVENT, host);
    }
  });
});

describe("a pass for a code the browser was shown (decision 144)", () => {
  it("shows the widget for the challenge the 428 names, keeps the pass the answer brings and sends it back", async () => {
    const stored = new Map<string, string>();
    const localStorage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) };
    const asked: ChallengeRequest[] = [];
    const host = (event: Event) => {
      event.preventDefault();
      asked.push((event as CustomEvent<ChallengeRequest>).detail);
      (event as CustomEvent<ChallengeRequest>).detail.resolve("solucion-2");
    };
    vi.stubGlobal("window", Object.assign(new EventTarget(), { localStorage }));
    window.addEventListener(CHALLENGE_EVENT, host);
    try {
      expect((await apiRequest("GET", `${base}/api/priced`)).status).toBe(200);
      expect(asked.map((a) => a.challengeUrl)).toEqual(["/api/challenge?price=4&code=EXAB12CD"]);
      await apiRequest("GET", `${base}/api/ok`);
      expect(seen.at(-1)!.headers["x-code-pass"]).toBe("1900000000.pase-de-prueba");
    } finally {
      window.removeEventListener(CHALLENGE_EVENT, host);
    }
  });
});

describe("a call asked for a dearer challenge (a sign-in under a flood, decision 143)", () => {
  it("hands the widget the challenge's own address on this site", async () => {
    const asked: ChallengeRequest[] = [];
    const host = (event: Event) => {
      event.preventDefault();
      asked.push((event as CustomEvent<ChallengeRequest>).detail);
      setTimeout(() => (event as CustomEvent<ChallengeRequest>).detail.resolve("solucion-entrar"), 0);
    };
    vi.stubGlobal("window", new EventTarget());
    window.addEventListener(CHALLENGE_EVENT, host);
    try {
      expect((await apiRequest("POST", `${base}/api/priced-login`, { password: "x" })).status).toBe(200);
      expect(asked.map((a) => [a.message, a.challengeUrl])).toEqual([["Hubo muchos intentos fallidos de entrar.", "/api/challenge?price=8"]]);
    } finally {
      window.removeEventListener(CHALLENGE_EVENT, host);
    }
  });

  it("does not take a challenge address from another site", async () => {
    const asked: ChallengeRequest[] = [];
    const host = (event: Event) => {
      event.preventDefault();
      asked.push((event as CustomEvent<ChallengeRequest>).detail);
      (event as CustomEvent<ChallengeRequest>).detail.reject(new Error("closed"));
    };
    vi.stubGlobal("window", new EventTarget());
    window.addEventListener(CHALLENGE_EVENT, host);
    try {
      const error = await apiRequest("POST", `${base}/api/priced-elsewhere`, { password: "y" }).catch((e: unknown) => e);
      expect(errorStatusFrom(error)).toBe(428);
      expect(asked).toHaveLength(1);
      // The widget then fetches from our own /api/challenge.
      expect(asked[0].challengeUrl).toBeUndefined();
    } finally {
      window.removeEventListener(CHALLENGE_EVENT, host);
    }
  });
});

describe("uploadFile", () => {
  it("PUTs the file with its own content type", async () => {
    await uploadFile(`${base}/objects/put`, new Blob(["png-bytes"], { type: "image/png" }));
    expect(seen[0]).toMatchObject({ method: "PUT", body: "png-bytes" });
    expect(seen[0].headers["content-type"]).toBe("image/png");
  });
});
