// The global safety net (staff-side §2): uncaught errors and unhandled promise rejections are
// logged and suppressed, so one failing widget never blanks the page with a browser error.

let installed = false;

export function installGlobalErrorHandlers(win: Window = window): void {
  if (installed) return;
  installed = true;
  win.addEventListener("error", (event: ErrorEvent) => {
    console.error("Error no controlado:", event.error ?? event.message);
    event.preventDefault();
  });
  win.addEventListener("unhandledrejection", (event: PromiseRejectionEvent) => {
    console.error("Promesa rechazada sin controlar:", event.reason);
    event.preventDefault();
  });
}
