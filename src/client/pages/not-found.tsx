// The fallback for unknown addresses (public-site §2), in Spanish like every page (decision 204).

import { Link } from "wouter";
import { buttonClasses } from "../components/ui/button";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

export default function NotFoundPage() {
  usePageMeta(pageTitle("Página no encontrada"), "La página que buscas no existe.");
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
      <p className="text-6xl font-bold text-accent" aria-hidden="true">404</p>
      <h1 className="mt-2 text-3xl font-bold text-primary">Página no encontrada</h1>
      <p className="mt-4 text-lg text-muted">La página que buscas no existe o fue movida.</p>
      <Link href="/" className={buttonClasses("primary", "md", "mt-8")}>
        Volver al inicio
      </Link>
    </section>
  );
}
