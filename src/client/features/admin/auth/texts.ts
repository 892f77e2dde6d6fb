// The Spanish texts of changing one's password (the gate's first sign-in screen and Mi cuenta) and
// of the two-step sign-in in Mi cuenta, in one place.

export const PASSWORDS_DIFFER = "Las dos contraseñas nuevas no coinciden";
export const PASSWORD_CHANGE_FAILED = "No se pudo cambiar la contraseña";
export const PASSWORD_CHANGE_SUBMIT = "Cambiar contraseña";
export const TOTP_ENABLE_BUTTON = "Activar verificación en dos pasos";
export const TOTP_ENABLED_TITLE = "Verificación en dos pasos activada";
export const TOTP_DISABLED_TITLE = "Verificación en dos pasos desactivada";
export const RECOVERY_CODES_TITLE = "Tus códigos de recuperación";
export const RECOVERY_CODES_NOTE =
  "Guárdalos en un lugar seguro: cada uno sirve una sola vez si pierdes tu teléfono. No se volverán a mostrar.";
export const REGENERATE_BUTTON = "Generar códigos nuevos";
export const DISABLE_BUTTON = "Desactivar verificación en dos pasos";
export const QR_ALT = "Código QR para tu aplicación de autenticación";
export const CURRENT_CODE = "Código actual";
export const TOTP_FAILED = "No se pudo completar la verificación en dos pasos";
export const RECOVERY_FILE = "codigos-recuperacion.txt";
