// The HTML pages the server answers a public page's form with when the browser sent the form
// by itself (no script, or not yet loaded: decision 149). Plain, self-contained pages: their own
// small style sheet (the CSP allows inline styles, never inline scripts), no script, readable at
// 320 px. Every value that came from the visitor is escaped.
import type { Brand } from "../../../shared/brand";
import {
  CONTACT_EMAIL_MAX,
  CONTACT_MENSAJE_MAX,
  CONTACT_NOMBRE_MAX,
  CONTACT_TELEFONO_MAX,
} from "../../../shared/api/contact";
import { FORM_ERRORS_TITLE } from "../../../shared/api/page-forms";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#0f172a;background:#f8fafc;line-height:1.5;overflow-wrap:anywhere}
header{background:#0b3b8c;padding:.75rem 1rem}
header a{color:#fff;font-weight:700;text-decoration:none;font-size:1.125rem}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}
p{margin:0 0 1rem}
.box{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.25rem}
.notice{border-left:4px solid #0b3b8c;background:#e8effb;padding:.75rem 1rem;margin:0 0 1.25rem;border-radius:.25rem}
.problem{border:2px solid #b91c1c;padding:.75rem 1rem;margin:0 0 1.25rem;border-radius:.5rem;background:#fff}
.problem h2{font-size:1.125rem;margin:0 0 .5rem}
.problem ul{margin:0;padding-left:1.25rem}
.problem a,.error{color:#b91c1c;font-weight:600}
.field{margin:0 0 1.25rem}
label{display:block;font-weight:600;margin:0 0 .375rem}
.hint{color:#475569;font-size:.875rem;margin:.25rem 0 0}
.error{font-size:.875rem;margin:.25rem 0 0}
input,textarea{width:100%;font:inherit;font-size:1rem;padding:.625rem .75rem;border:1px solid #94a3b8;border-radius:.375rem;background:#fff;color:#0f172a}
input[aria-invalid=true],textarea[aria-invalid=true]{border:2px solid #b91c1c}
textarea{min-height:9rem;resize:vertical}
:focus-visible{outline:3px solid #0b3b8c;outline-offset:2px}
.button{display:inline-block;border:0;border-radius:.375rem;background:#0b3b8c;color:#fff;font:inherit;font-weight:600;padding:.75rem 1.5rem;text-decoration:none;cursor:pointer;margin:0 .75rem .75rem 0}
.button.secondary{background:#fff;color:#0b3b8c;border:1px solid #0b3b8c}
`;

/** A whole page: the brand's name as the way home, the title as <title> and <h1>, then `body`. */
export function answerPage(brand: Pick<Brand, "name">, title: string, body: string): string {
  const name = escapeHtml(brand.name);
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${name}</title>
<style>${STYLE}</style>
</head>
<body>
<header><a href="/">${name}</a></header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** A paragraph; `text` is escaped. */
export const paragraph = (text: string, className?: string) =>
  `<p${className ? ` class="${className}"` : ""}>${escapeHtml(text)}</p>`;

/** Links as buttons: [href, label][]; the first is the main one. */
export function linkButtons(links: [href: string, label: string][]): string {
  return `<p>${links
    .map(([href, label], i) => `<a class="button${i === 0 ? "" : " secondary"}" href="${escapeHtml(href)}">${escapeHtml(label)}</a>`)
    .join("")}</p>`;
}

export type ContactField = "nombre" | "email" | "telefono" | "mensaje";
export type ContactValues = Record<ContactField, string>;

const CONTACT_FIELDS: { name: ContactField; id: string; label: string; hint?: string; input: string }[] = [
  { name: "nombre", id: "contacto-nombre", label: "Nombre completo", input: `type="text" autocomplete="name" maxlength="${CONTACT_NOMBRE_MAX}"` },
  { name: "email", id: "contacto-email", label: "Email", input: `type="email" autocomplete="email" inputmode="email" maxlength="${CONTACT_EMAIL_MAX}"` },
  {
    name: "telefono",
    id: "contacto-telefono",
    label: "Teléfono (opcional)",
    hint: "Si nos dejas tu número, también podemos responderte por WhatsApp.",
    input: `type="tel" autocomplete="tel" inputmode="tel" maxlength="${CONTACT_TELEFONO_MAX}"`,
  },
  { name: "mensaje", id: "contacto-mensaje", label: "Mensaje", input: `rows="6" maxlength="${CONTACT_MENSAJE_MAX}"` },
];

/**
 * The /contacto form again, as the visitor filled it: a notice (a limit, our own failure) or the
 * list of problems, linked to their fields, then each field with its value and its error. It
 * posts to /contacto like the page's own form, so the person corrects it and sends it again.
 */
export function contactFormBody(values: ContactValues, errors: Partial<Record<ContactField, string>>, notice?: string): string {
  const problems = CONTACT_FIELDS.filter((f) => errors[f.name]);
  const summary = problems.length
    ? `<div class="problem" role="alert" aria-labelledby="problemas"><h2 id="problemas">${escapeHtml(FORM_ERRORS_TITLE)}</h2><ul>${problems
        .map((f) => `<li><a href="#${f.id}">${escapeHtml(errors[f.name]!)}</a></li>`)
        .join("")}</ul></div>`
    : "";
  const fields = CONTACT_FIELDS.map((f) => {
    const error = errors[f.name];
    const described = [f.hint ? `${f.id}-hint` : "", error ? `${f.id}-error` : ""].filter(Boolean).join(" ");
    const attributes = `id="${f.id}" name="${f.name}" ${f.input}${error ? ' aria-invalid="true"' : ""}${described ? ` aria-describedby="${described}"` : ""}`;
    const control =
      f.name === "mensaje"
        ? `<textarea ${attributes}>${escapeHtml(values[f.name])}</textarea>`
        : `<input ${attributes} value="${escapeHtml(values[f.name])}">`;
    return `<div class="field"><label for="${f.id}">${escapeHtml(f.label)}</label>${control}${
      f.hint ? `<p class="hint" id="${f.id}-hint">${escapeHtml(f.hint)}</p>` : ""
    }${error ? `<p class="error" id="${f.id}-error">${escapeHtml(error)}</p>` : ""}</div>`;
  }).join("\n");
  return `${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ""}${summary}
<form method="post" action="/contacto" novalidate class="box">
${fields}
<button type="submit" class="button">Enviar Mensaje</button>
</form>`;
}
