// How a client writes the Miami address in a US store's First name / Last name fields: the
// given names, then the surnames followed by the client code, so every package arrives
// labelled with the code (see docs/decisions/034 and, for the split, 106).

import { splitFullName } from "../../../shared/domain/person-name";

export interface MiamiRecipient {
  firstName: string;
  lastName: string;
}

export function miamiRecipient(nombre: string, clientCode: string): MiamiRecipient {
  const { nombres, apellidos } = splitFullName(nombre);
  return { firstName: nombres, lastName: [apellidos, clientCode].filter(Boolean).join(" ") };
}
