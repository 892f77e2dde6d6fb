// The home page's opening (public-site §2): the promise, three buttons (calculate, quote by
// WhatsApp in a new tab, track) and the picture, all in the first download.

import { Link } from "wouter";
import { Calculator, PackageSearch } from "lucide-react";
import { buttonClasses } from "../../components/ui/button";
import { brand } from "../../lib/brand";
import { WhatsappLinkButton, whatsappLinks } from "../../components/whatsapp-link";

export function HomeHero() {
  const since = brand.foundedYear;
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-primary-soft to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-2 lg:py-20">
        <div>
          <p className="inline-flex rounded-full bg-white px-3 py-1 text-sm font-semibold text-accent-strong shadow-sm">
            {`Desde ${since} · ${brand.shipmentsClaim} envíos entregados`}
          </p>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-primary sm:text-5xl">
            Tu casillero en Miami para importar a Costa Rica
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted">
            Compra en Estados Unidos o China y nosotros lo traemos hasta tu puerta. Envío aéreo cobrado por gramo,
            marítimo por pie cúbico, y entrega gratis en {brand.city} y en nuestra oficina.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link href="/calculadora" className={buttonClasses("primary", "lg")}>
              <Calculator className="h-5 w-5" aria-hidden="true" />
              Calcular Tarifa
            </Link>
            <WhatsappLinkButton href={whatsappLinks.quote()}>Cotizar Ahora</WhatsappLinkButton>
            <Link href="/rastreo" className={buttonClasses("outline", "lg")}>
              <PackageSearch className="h-5 w-5" aria-hidden="true" />
              Rastrear Envío
            </Link>
          </div>
        </div>
        <img
          src="/images/hero-importacion.svg"
          width={640}
          height={480}
          fetchPriority="high"
          alt="Un avión y un barco con contenedores llevan paquetes desde Miami hasta una casa en Costa Rica"
          className="mx-auto h-auto w-full max-w-xl rounded-3xl shadow-lg"
        />
      </div>
    </section>
  );
}
