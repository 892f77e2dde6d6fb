// The fallback for unknown addresses (public-site §2): '404 Page Not Found'.

import { Link } from "wouter";
import { buttonClasses } from "../components/ui/button";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function NotFoundPage() {
  usePageMeta(pageTitle("Página no encontrada"), "La página que buscas no existe.");
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-3xl font-bold text-primary">404 Page Not Found</h1>
      <p className="mt-4 text-lg text-muted">La página que buscas no existe o fue movida.</p>
      <Link href="/" className={buttonClasses("primary", "md", "mt-8")}>
        Volver al inicio
      </Link>
    </section>
  );
}
