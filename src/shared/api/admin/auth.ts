// The spec's admin sign-in texts and answer (staff-side §5, §6); the request, with the staff
// accounts' user name and two-step code, is ZStaffLoginRequestSchema in staff.ts (issue 19).
import { z } from "../../validation";

export const ADMIN_PASSWORD_REQUIRED = "Por favor ingresa la contraseña de administrador";
export const ADMIN_PASSWORD_WRONG = "Contraseña de administrador incorrecta";

export const ZAdminLoginResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type TAdminLoginResponse = z.infer<typeof ZAdminLoginResponseSchema>;
