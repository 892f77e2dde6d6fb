// The business's own team photos (decision 105): BRAND_TEAM_DIR read and checked at start, the
// members handed to the page with the brand, the photos served by this site.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createTestApp, type TestApp } from "../../test/app";
import { makePng } from "../../test/images";

const dirs: string[] = [];
function teamDir(team: unknown, files: Record<string, Buffer> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), "equipo-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, "team.json"), typeof team === "string" ? team : JSON.stringify(team));
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const KARLA = { name: "Karla Jiménez Mora", role: "Servicio al cliente", bio: "Responde el WhatsApp.", photo: "karla.png", photoAlt: "Karla Jiménez en la oficina de Grecia" };
const photo = makePng(8, 8);

describe("BRAND_TEAM_DIR", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "off", BRAND_TEAM_DIR: teamDir({ members: [KARLA] }, { "karla.png": photo }) } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("puts the members in the brand the page carries, photos at /brand/equipo/", () => {
    expect(t.config.brand.team).toEqual([{ ...KARLA, photo: "/brand/equipo/karla.png" }]);
    expect(t.config.brandOverridden).toBe(true);
  });

  it("serves each listed photo with its type, and nothing else", async () => {
    const res = await t.app.inject({ method: "GET", url: "/brand/equipo/karla.png" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.rawPayload.equals(photo)).toBe(true);
    for (const url of ["/brand/equipo/team.json", "/brand/equipo/otra.png", "/brand/equipo/..%2Fteam.json"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
    }
  });

  it("keeps the illustrated default without it", () => {
    const config = loadConfig({ NODE_ENV: "test" });
    expect(config.brand.team).toEqual([]);
    expect(config.brandTeamPhotos.size).toBe(0);
  });

  it.each([
    ["a missing team.json", () => teamDir(null).replace(/$/, "-no-existe"), /falta team.json/],
    ["bad JSON", () => teamDir("{no"), /no es JSON válido/],
    ["a missing photo", () => teamDir({ members: [KARLA] }), /falta la foto karla.png/],
    ["a photo outside the folder", () => teamDir({ members: [{ ...KARLA, photo: "../karla.png" }] }), /members.0.photo/],
    ["a photo that is not a picture", () => teamDir({ members: [{ ...KARLA, photo: "karla.svg" }] }, { "karla.svg": photo }), /debe ser .jpg/],
    ["no members", () => teamDir({ members: [] }), /members/],
    ["a member without a role", () => teamDir({ members: [{ ...KARLA, role: "" }] }, { "karla.png": photo }), /members.0.role/],
  ])("refuses to start with %s, saying why", (_case, dir, reason) => {
    expect(() => loadConfig({ NODE_ENV: "test", BRAND_TEAM_DIR: dir() })).toThrow(reason);
  });
});
