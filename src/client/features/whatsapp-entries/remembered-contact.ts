// The visitor's personal data on the notice page (staff-side §2): kept in this browser so the
// next visit starts filled in, saved on every keystroke and on submit. Storage that fails
// (private mode, full quota, blocked) only logs a warning: the form works the same.

export interface RememberedContact {
  whatsapp: string;
  nombre: string;
  email: string;
}

export const REMEMBERED_CONTACT_KEY = "express-import-whatsapp-contact";

const EMPTY: RememberedContact = { whatsapp: "", nombre: "", email: "" };

export function loadRememberedContact(): RememberedContact {
  // Prerendering at build time has no storage: the page is drawn empty, and the form fills its
  // inputs from storage when it mounts in the browser (they are not part of the HTML React
  // compares while hydrating).
  if (typeof window === "undefined") return EMPTY;
  try {
    const raw = window.localStorage.getItem(REMEMBERED_CONTACT_KEY);
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<Record<keyof RememberedContact, unknown>>;
    const text = (v: unknown) => (typeof v === "string" ? v.slice(0, 200) : "");
    return { whatsapp: text(parsed.whatsapp), nombre: text(parsed.nombre), email: text(parsed.email) };
  } catch (error) {
    console.warn("No se pudieron leer los datos guardados en este navegador", error);
    return EMPTY;
  }
}

export function saveRememberedContact(contact: Partial<RememberedContact>): void {
  const value: RememberedContact = {
    whatsapp: contact.whatsapp ?? "",
    nombre: contact.nombre ?? "",
    email: contact.email ?? "",
  };
  try {
    window.localStorage.setItem(REMEMBERED_CONTACT_KEY, JSON.stringify(value));
  } catch (error) {
    console.warn("No se pudieron guardar tus datos en este navegador", error);
  }
}
