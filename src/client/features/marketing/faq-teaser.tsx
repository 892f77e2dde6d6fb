// The home page's first five questions, with the way to all of them (public-site §2).

import { Link } from "wouter";
import { ArrowRight } from "lucide-react";
import { buttonClasses } from "../../components/ui/button";
import { FaqAccordion } from "./faq-accordion";
import { buildFaq, FAQ_TEASER_COUNT } from "./faq-content";
import { SectionHeading } from "./section-heading";

export function FaqTeaser() {
  const entries = buildFaq().slice(0, FAQ_TEASER_COUNT);
  return (
    <section aria-labelledby="home-faq" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <SectionHeading id="home-faq" eyebrow="Preguntas frecuentes" title="Resolvemos tus dudas" />
      <div className="mt-8">
        <FaqAccordion entries={entries} />
      </div>
      <p className="mt-8 text-center">
        <Link href="/faq" className={buttonClasses("outline", "lg")}>
          Ver todas las preguntas
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </p>
    </section>
  );
}
