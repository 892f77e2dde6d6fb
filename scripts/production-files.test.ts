// The files that run the app in production and say what it needs (decision 165): the container
// image, the compose file past one machine (parsed, as docker cannot run here), CI's Node 24 run,
// package.json's engines against the installed packages, and the decisions' dates and statuses.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";

const read = (file: string) => readFileSync(file, "utf8");
const packageJson = JSON.parse(read("package.json")) as { engines: { node: string }; scripts: Record<string, string> };

interface ComposeService {
  build?: string;
  image?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  stop_grace_period?: string;
  configs?: { source: string; target: string }[];
}

describe("the container image (Dockerfile)", () => {
  const dockerfile = read("Dockerfile");
  const stages = dockerfile.split("\n").filter((line) => /^FROM\s/.test(line));
  const final = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));

  it("builds in one stage and runs the compiled server on Node 24 as a non-root user", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages.at(-1)).toMatch(/^FROM node:24(-slim|-alpine)\s*$/);
    expect(final).toMatch(/\nUSER (node|[a-z][a-z0-9-]*)\n/);
    expect(final).not.toMatch(/\nUSER root/);
    expect(final).toMatch(/npm ci --omit=dev|COPY --from=\w+ \/app\/node_modules/);
    expect(final).toMatch(/CMD \["node", "--enable-source-maps", "dist\/server\/main\.js"\]/);
    expect(final).not.toContain("tsx");
  });

  it("checks its health on the app's health route and keeps the data folder in a volume", () => {
    expect(final).toMatch(/HEALTHCHECK [^\n]*\\\n\s+CMD [^\n]*\/api\/health/);
    expect(final).toMatch(/ENV [^]*DATA_DIR=\/data/);
    expect(final).toMatch(/VOLUME \["\/data"\]/);
    expect(read(".dockerignore").split("\n")).toEqual(expect.arrayContaining(["node_modules", "dist", "data", ".env"]));
  });
});

describe("compose.yaml", () => {
  const compose = parse(read("compose.yaml"), { merge: true }) as {
    services: Record<string, ComposeService>;
    configs: Record<string, { content: string }>;
    volumes: Record<string, unknown>;
  };
  const { services } = compose;
  const apps = Object.entries(services).filter(([, service]) => service.build === ".");

  it("runs two instances of this image on one PostgreSQL with S3-compatible storage", () => {
    expect(apps.map(([name]) => name)).toEqual(["app1", "app2"]);
    for (const [name, app] of apps) {
      const env = app.environment ?? {};
      expect(env.DATABASE_URL, name).toMatch(/@postgres:5432\//);
      expect(env.S3_BUCKET, name).toBeTruthy();
      expect(env.S3_ENDPOINT, name).toMatch(/^\$\{S3_ENDPOINT:\?/);
      // Shared secrets: the same variable on both, required.
      for (const shared of ["SESSION_SECRET", "POW_SECRET", "ADMIN_PASSWORD"]) expect(env[shared], `${name} ${shared}`).toMatch(/^\$\{\w+:\?/);
      expect(env.TRUST_PROXY, name).toBe("1");
      expect(app.ports, `${name} is reached only through the proxy`).toBeUndefined();
      expect(parseInt(app.stop_grace_period ?? "0", 10), name).toBeGreaterThanOrEqual(12);
      // Each its own data folder (never one PGlite for two processes).
      expect(app.volumes?.[0], name).toMatch(/^[\w-]+:\/data$/);
    }
    expect(apps[0][1].volumes).not.toEqual(apps[1][1].volumes);
    expect(services.postgres.healthcheck?.test).toContain("pg_isready");
    expect(services.minio.ports).toContain("9000:9000");
    expect(services.bucket.depends_on).toMatchObject({ minio: { condition: "service_healthy" } });
  });

  it("starts the second instance once the first has migrated, behind a proxy that shares requests between both", () => {
    expect(services.app1.depends_on).toMatchObject({ postgres: { condition: "service_healthy" } });
    expect(services.app2.depends_on).toMatchObject({ app1: { condition: "service_healthy" } });
    const caddyfile = compose.configs[services.proxy.configs![0].source].content;
    expect(caddyfile).toMatch(/reverse_proxy app1:5000 app2:5000/);
    expect(caddyfile).toMatch(/health_uri \/api\/health/);
    expect(services.proxy.ports).toEqual(["8080:8080"]);
    for (const volume of Object.values(services).flatMap((s) => s.volumes ?? [])) {
      expect(Object.keys(compose.volumes)).toContain(volume.split(":")[0]);
    }
  });
});

describe("Node versions", () => {
  it("CI runs the tests on Node 24 from the registry's node package, apart from the app's dependencies", () => {
    const ci = read(".ci/run");
    expect(ci).toMatch(/npm install --prefix \.tmp\/node24 [^\n]*node@24/);
    expect(ci).toMatch(/"\$NODE24_BIN\/node" node_modules\/vitest\/vitest\.mjs run/);
    const { dependencies = {}, devDependencies = {} } = JSON.parse(read("package.json")) as Record<string, Record<string, string>>;
    expect({ ...dependencies, ...devDependencies }.node).toBeUndefined();
  });

  it("engines admits only Node versions every production package runs on", () => {
    // Two packages say ">=22" as their support policy; they are ES modules that CommonJS code
    // require()s, which Node has done without a flag since 20.19 and 22.12 (decision 165).
    const POLICY_ONLY = new Set(["content-disposition", "cookie"]);
    const range = packageJson.engines.node;
    const lowest = [semver.minVersion(range)!.version, semver.minVersion(semver.validRange(range)!.split("||")[1].trim())!.version];
    expect(lowest).toEqual(["20.19.0", "22.12.0"]);
    const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, { dev?: boolean; optional?: boolean }> };
    const unmet: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      if (!where || entry.dev || !existsSync(path.join(where, "package.json"))) continue;
      const installed = JSON.parse(read(path.join(where, "package.json"))) as { name: string; engines?: { node?: string } };
      const needs = installed.engines?.node;
      if (!needs || POLICY_ONLY.has(installed.name)) continue;
      for (const version of [...lowest, "24.0.0"]) {
        if (!semver.satisfies(version, needs)) unmet.push(`${installed.name} needs ${needs}, not ${version}`);
      }
    }
    expect(unmet).toEqual([]);
  });
});

describe("decisions", () => {
  it("each carries its date and status right under its title", () => {
    const dir = "docs/decisions";
    const files = readdirSync(dir).filter((f) => /^\d{3}-.*\.md$/.test(f));
    const numbers = new Set(files.map((f) => f.slice(0, 3)));
    const wrong: string[] = [];
    for (const file of files) {
      const [title, line] = read(path.join(dir, file)).split("\n");
      const match = /^\*\*Date:\*\* (\d{4}-\d{2}-\d{2}) · \*\*Status:\*\* (accepted|(?:amended|superseded) by (\d{3}))$/.exec(line ?? "");
      if (!title.startsWith(`# ${file.slice(0, 3)}.`) || !match || (match[3] && !numbers.has(match[3]))) wrong.push(file);
    }
    expect(wrong).toEqual([]);
  });
});
