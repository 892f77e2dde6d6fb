// The admin password: ADMIN_PASSWORD when set; otherwise one generated on first start,
// kept in DATA_DIR/admin-password (mode 600) and printed once.
import path from "node:path";
import { storedOnce } from "./data-file";
import { generateAdminPassword } from "../modules/auth/service";

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
