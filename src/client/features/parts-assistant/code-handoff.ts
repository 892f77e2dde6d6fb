// The client code typed in the home page's 'Probar Ahora' panel, handed to /repuestos so the
// visitor does not type it twice (issue 17, item 6). The code is the client's only credential,
// so it never goes into the address (history, referrer, shared links) or into storage: it lives
// in this module's memory for the client-side navigation that follows, and a reload forgets it,
// as the spec wants of the remembered code.

let handedOver: string | null = null;

export function handOverCode(clientCode: string): void {
  handedOver = clientCode;
}

/** The code handed over, if any; it stays until `clearHandedOverCode` (React may render twice). */
export function peekHandedOverCode(): string | null {
  return handedOver;
}

export function clearHandedOverCode(): void {
  handedOver = null;
}
