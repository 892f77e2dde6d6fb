import { describe, expect, it } from "vitest";
import { z } from "./validation";
import { NAME_CHARS_INVALID, NAME_LINK, TEXT_CONTROL_CHARS, hasControlChars, looksLikeLink, normalizeText, personNameProblem, zPersonName, zText } from "./text-rules";

describe("text fields", () => {
  it("refuse NUL, every other C0 control but tab and line breaks, DEL, C1, line separators and bidi overrides", () => {
    const refused = [...Array.from({ length: 32 }, (_, c) => c).filter((c) => ![9, 10, 13].includes(c)), 0x7f, 0x80, 0x85, 0x9f, 0x2028, 0x2029, 0x202e, 0x2066];
    for (const c of refused) {
      const value = `ab${String.fromCharCode(c)}cd`;
      expect(hasControlChars(value), c.toString(16)).toBe(true);
      expect(zText().safeParse(value).error?.issues[0].message).toBe(TEXT_CONTROL_CHARS);
      expect(zText({ multiline: true }).safeParse(value).success).toBe(false);
    }
    expect(hasControlChars("Ñandú, café y pingüino 😀")).toBe(false);
  });

  it("one line: every run of whitespace is one space; multi-line: CR LF becomes LF, tabs spaces", () => {
    expect(normalizeText("  Grecia\r\n200 m\tnorte  ")).toBe("Grecia 200 m norte");
    expect(normalizeText(" Hola,\r\n\r\nGracias\tya \r", { multiline: true })).toBe("Hola,\n\nGracias ya");
    expect(zText().pipe(z.string().min(3, "corto")).safeParse(" \n a ").error?.issues[0].message).toBe("corto");
  });
});

describe("person names", () => {
  const schema = zPersonName({ min: 3, max: 120, required: "Requerido", tooLong: "Largo" });

  it("accept the names people have", () => {
    for (const name of ["María de los Ángeles Rodríguez Vargas", "José Pablo Zúñiga", "O'Neil Brenes", "D’Angelo Mora", "Jean-Luc Picado", "Ma. José Solís", "J.R. Umaña", "Nguyễn Văn An"]) {
      expect(personNameProblem(name), name).toBeNull();
      expect(schema.parse(`  ${name.replace(/ /g, "\u00a0 ")}  `)).toBe(name);
    }
  });

  it("refuse digits, line breaks, controls, symbols and links, with the reason", () => {
    for (const name of ["Ana 8888 7777", "Ana\nMora", "Ana\tMora", "Ana\u0000", "Ana\u202eMora", "<script>", "Ana @ Mora", "-Ana", "Ana_Mora"]) {
      expect(personNameProblem(name), JSON.stringify(name)).toBe(NAME_CHARS_INVALID);
    }
    for (const name of ["Ana https://evil.example", "Ana www.evil", "Ana evil.com", "Ana bit.ly", "Ana.Mora", "Ana evil\u3002com"]) {
      expect(personNameProblem(name), name).toBe(NAME_LINK);
    }
    expect(schema.safeParse("  ").error?.issues.map((i) => i.message)).toEqual(["Requerido"]);
    expect(schema.safeParse(42).error?.issues[0].message).toBe("Requerido");
  });
});

describe("links", () => {
  it("are what a messaging app would turn into one", () => {
    for (const text of ["https://x.example", "hxxp://x", "wa.me/50688887777", "www.algo", "premio.cr", "BIT.LY/abc", "evil\uFF0Ecom"]) expect(looksLikeLink(text), text).toBe(true);
    for (const text of ["Ma. José", "J.R.", "EXAB12CD", "1Z999AA10123456784", "En bodega Miami", "Sr. Pérez", "3.5 kg"]) expect(looksLikeLink(text), text).toBe(false);
  });
});
