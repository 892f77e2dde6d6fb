// The public pages' forms as the browser sends them by itself, before or without the page's
// script (decision 149): every prerendered <form> posts to its own page, never a GET with the
// fields in the address. /contacto works without the script; the others wait for it and say so.

/** The submit button's label until the page's script has taken the form over. */
export const FORM_LOADING = "Cargando el formulario…";

/** Shown (in <noscript>) under a form that cannot be sent without the page's script. */
export const FORM_NEEDS_SCRIPT = "Activa JavaScript en tu navegador para enviar este formulario.";

/** The page answering a form that reached the server without its script: nothing was sent. */
export const FORM_NEEDS_SCRIPT_TITLE = "Este formulario necesita JavaScript";
export const FORM_NEEDS_SCRIPT_BODY =
  "No enviamos ni guardamos nada de lo que escribiste. Este formulario comprueba tus datos y te protege de abusos con JavaScript: actívalo en tu navegador, o espera a que la página termine de cargar, y vuelve a enviarlo.";

/** /contacto answered by the server itself, without the page's script. */
export const FORM_ERRORS_TITLE = "Revisa estos datos";
export const FORM_CROSS_SITE =
  "No aceptamos este envío porque no salió de nuestra página. Abre el formulario en nuestro sitio y envíalo desde ahí.";
export const FORM_UNSUPPORTED = "No pudimos leer el formulario enviado. Vuelve a la página e inténtalo de nuevo.";
export const FORM_TOO_LARGE = "El formulario enviado es demasiado grande. Acorta el mensaje e inténtalo de nuevo.";
export const FORM_CHALLENGE_NEEDS_SCRIPT =
  "Desde tu conexión se han enviado muchos mensajes: para enviar otro necesitamos comprobar que no eres un robot, y eso requiere JavaScript. Activa JavaScript y vuelve a enviarlo; tu mensaje sigue abajo.";
export const FORM_FAILED =
  "No pudimos guardar tu mensaje por un problema nuestro. Tu mensaje sigue abajo: inténtalo de nuevo en unos minutos o escríbenos por WhatsApp.";
