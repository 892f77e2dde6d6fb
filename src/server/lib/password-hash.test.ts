// Staff password hashes (issue 19) at the production cost: the test helper's accounts use a
// cheaper hash (test/staff.ts), so the stored format and cost are checked here.
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password-hash";

describe("password hashes", () => {
  it("stores scrypt at N = 2^15, r = 8, p = 1 with a random salt, and verifies only the same password", async () => {
    const stored = await hashPassword("una-clave-larga-de-prueba");
    const [scheme, n, r, p, salt, hash] = stored.split("$");
    expect([scheme, n, r, p]).toEqual(["scrypt", String(2 ** 15), "8", "1"]);
    expect(Buffer.from(salt, "base64url")).toHaveLength(16);
    expect(Buffer.from(hash, "base64url")).toHaveLength(32);
    expect(await hashPassword("una-clave-larga-de-prueba")).not.toBe(stored);
    expect(await verifyPassword("una-clave-larga-de-prueba", stored)).toBe(true);
    expect(await verifyPassword("una-clave-larga-de-prueba ", stored)).toBe(false);
  });

  it("refuses a malformed hash or one whose cost is out of bounds, without throwing", async () => {
    for (const stored of ["", "bcrypt$1$2$3$c2FsdA$aGFzaA", "scrypt$0$8$1$c2FsdA$aGFzaA", "scrypt$2097152$8$1$c2FsdA$aGFzaA", "scrypt$1024$8$1$$"]) {
      expect(await verifyPassword("x", stored)).toBe(false);
    }
  });
});
