// Admin login request and answer (staff-side §5, §6).
import { z } from "../../validation";

export const ADMIN_PASSWORD_REQUIRED = "Por favor ingresa la contraseña de administrador";
export const ADMIN_PASSWORD_WRONG = "Contraseña de administrador incorrecta";

export const ZAdminLoginRequestSchema = z.object({
  password: z.string({ error: ADMIN_PASSWORD_REQUIRED }).min(1, ADMIN_PASSWORD_REQUIRED).max(200, ADMIN_PASSWORD_WRONG),
});
export type TAdminLoginRequest = z.infer<typeof ZAdminLoginRequestSchema>;

export const ZAdminLoginResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type TAdminLoginResponse = z.infer<typeof ZAdminLoginResponseSchema>;
