// The admin password: ADMIN_PASSWORD when set; otherwise one generated on first start,
// kept in DATA_DIR/admin-password (mode 600) and printed once.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { storedOnce } from "./data-file";

export function resolveAdminPassword(
  configured: string | undefined,
  dataDir: string,
  print: (line: string) => void,
): string {
  if (configured) return configured;
  const { value: password, created } = storedOnce(dataDir, "admin-password", generateAdminPassword);
  if (!created) return password;
  const file = path.join(dataDir, "admin-password");
  print(
    [
      "",
      "==============================================================",
      ` Contraseña de administrador generada: ${password}`,
      ` Guardada en ${file}. Se muestra solo esta vez.`,
      " Para fijar una propia, define ADMIN_PASSWORD.",
      "==============================================================",
      "",
    ].join("\n"),
  );
  return password;
}

/** A readable generated password: 4 groups of 4 from an unambiguous alphabet (~80 bits). */
export function generateAdminPassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const groups: string[] = [];
  for (let g = 0; g < 4; g++) {
    let group = "";
    while (group.length < 4) {
      const byte = randomBytes(1)[0];
      if (byte < 248) group += alphabet[byte % 31];
    }
    groups.push(group);
  }
  return groups.join("-");
}
