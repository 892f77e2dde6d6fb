// Client codes are drawn in a face that tells every character they can hold apart (issue 17
// item 8, decision 107): font-mono is the self-hosted "Codigo Mono" (DejaVu Sans Mono's dotted
// zero, serifed I, tailed l), covering 0-9 and A-Z, loaded from our own files, never a CDN.
import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const css = readFileSync(path.join(here, "styles.css"), "utf8");

describe("the face of client codes", () => {
  it("font-mono is the self-hosted code face first", () => {
    expect(css).toMatch(/--font-mono:\s*"Codigo Mono",/);
  });

  it("declares the face from files we serve, for every character a code can hold, in regular and bold", () => {
    const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1]).filter((f) => f.includes('"Codigo Mono"'));
    expect(faces.map((f) => /font-weight:\s*([^;]+);/.exec(f)?.[1])).toEqual(["100 500", "600 900"]);
    for (const face of faces) {
      expect(face).toContain("unicode-range: U+0030-0039, U+0041-005A;");
      const src = /url\("([^"]+)"\)/.exec(face)?.[1] ?? "";
      // From public/: served as it is, not inlined into the style sheet that blocks first paint.
      expect(src).toMatch(/^\/fonts\/.+\.woff2$/);
      const file = path.join(here, "public", src);
      expect(existsSync(file), src).toBe(true);
      // woff2 signature, and small enough to cost nothing on a phone.
      expect(readFileSync(file).subarray(0, 4).toString("latin1")).toBe("wOF2");
      expect(statSync(file).size).toBeLessThan(12_000);
    }
    expect(css).not.toMatch(/url\("?https?:/);
  });
});
