// The prefilled WhatsApp chats the public pages open (public-site §2, §7), apart from the texts
// staff and the outbox send (./messages, which re-exports these): the floating button and the
// home hero are in the first download of every page, which needs these few words only.

/** Assisted purchasing: the visitor wants help buying in USD and paying in colones. */
export function purchaseInquiryMessage(brandName: string): string {
  return `Hola ${brandName}, me interesa el servicio de compra asistida. ¿Me pueden ayudar a comprar un producto?`;
}

/** The home hero's 'Cotizar ahora'. */
export function quoteRequestMessage(brandName: string): string {
  return `Hola ${brandName}, me gustaría cotizar el envío de un paquete a Costa Rica.`;
}

/** A team card: addressed to the person when the card names one. */
export function teamContactMessage({ brandName, memberName }: { brandName: string; memberName?: string }): string {
  const greeting = memberName ? `Hola ${memberName}` : `Hola equipo de ${brandName}`;
  return `${greeting}, vi su perfil en la página de ${brandName} y me gustaría hacerles una consulta.`;
}

/** The founder's message section. */
export function founderContactMessage({ brandName, founderName }: { brandName: string; founderName?: string }): string {
  const greeting = founderName ? `Hola ${founderName}` : "Hola";
  return `${greeting}, leí su mensaje en la página de ${brandName} y me gustaría conversar sobre mis importaciones.`;
}

/** 'Hablar con un experto' and the help links of tracking and registration. */
export function expertHelpMessage(brandName: string): string {
  return `Hola ${brandName}, necesito ayuda de un experto con mi importación.`;
}
