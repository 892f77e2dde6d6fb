// How a client writes the Miami address in a US store's First name / Last name fields: the
// first word of the name, then the rest of the name followed by the client code, so every
// package arrives labelled with the code (see docs/decisions/034).

export interface MiamiRecipient {
  firstName: string;
  lastName: string;
}

export function miamiRecipient(nombre: string, clientCode: string): MiamiRecipient {
  const words = nombre.trim().split(/\s+/).filter(Boolean);
  const [first = "", ...rest] = words;
  return { firstName: first, lastName: [...rest, clientCode].join(" ") };
}
