// The admin password: ADMIN_PASSWORD when set; otherwise one generated on first start,
// kept in DATA_DIR/admin-password (mode 600) and printed once.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateAdminPassword } from "../modules/admin/auth/service";

export function resolveAdminPassword(
  configured: string | undefined,
  dataDir: string,
  print: (line: string) => void,
): string {
  if (configured) return configured;
  const file = path.join(dataDir, "admin-password");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const password = generateAdminPassword();
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
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
