// Public route samples of the "people" group (see types.ts): the registration form, the parts
// assistant's code check and the staff sign-in.
import type { PublicSamples } from "./types";
import { registerTestClient, uniquePhone } from "../clients";
import { createTestStaff, TEST_STAFF_PASSWORD } from "../staff";

export const SAMPLES: PublicSamples = {
  "POST /api/clients/register": async () => ({
    method: "POST",
    url: "/api/clients/register",
    payload: { nombre: "Laura Jiménez Mora", direccion: "Heredia, 100 m sur de la iglesia", telefono: uniquePhone() },
    status: 201,
  }),
  "GET /api/clients/verify/:clientCode": async (t) => {
    const { clientCode } = await registerTestClient(t.app);
    return { method: "GET", url: `/api/clients/verify/${clientCode}` };
  },
  "PUT /api/clients/tax-id": async (t) => {
    const { clientCode } = await registerTestClient(t.app);
    return { method: "PUT", url: "/api/clients/tax-id", payload: { clientCode, tipoIdentificacion: "FISICA", identificacion: "1-0987-0654" } };
  },
  "POST /api/admin/login": async (t) => {
    const staff = await createTestStaff(t, "oficina");
    return { method: "POST", url: "/api/admin/login", payload: { login: staff.login, password: TEST_STAFF_PASSWORD } };
  },
};
