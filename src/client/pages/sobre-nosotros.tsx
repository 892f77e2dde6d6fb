// Sobre Nosotros (/sobre-nosotros): who we are, how the company began, what we value, the
// team, and a WhatsApp chat with them (public-site §2).

import { HeartHandshake, MessageCircle, Receipt, ShieldCheck, type LucideIcon } from "lucide-react";
import { FREE_STORAGE_DAYS } from "../../shared/domain/policies";
import { TeamSection } from "../features/marketing/team-section";
import { SectionHeading } from "../features/marketing/section-heading";
import { WhatsappLinkButton, whatsappLinks } from "../components/whatsapp-link";
import { brand } from "../lib/brand";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

interface Value {
  title: string;
  text: string;
  Icon: LucideIcon;
}

const VALUES: Value[] = [
  {
    title: "Transparencia",
    text: "Cobramos por gramo o por pie cúbico con tarifas publicadas. Sabes cuánto pagarás antes de comprar.",
    Icon: Receipt,
  },
  {
    title: "Confianza",
    text: "Cada envío lleva seguro básico y te avisamos cada cambio de estado de tu paquete.",
    Icon: ShieldCheck,
  },
  {
    title: "Cercanía",
    text: "Te atiende una persona por WhatsApp, que conoce tu código y tus compras, no un sistema automático.",
    Icon: MessageCircle,
  },
  {
    title: "Compromiso",
    text: "Si algo sale mal con un paquete, damos la cara y lo resolvemos contigo.",
    Icon: HeartHandshake,
  },
];

export default function SobreNosotrosPage() {
  usePageMeta(
    pageTitle("Sobre Nosotros"),
    `Somos ${brand.name}, courier y casillero en Miami con sede en ${brand.addressLine}. Desde ${brand.foundedYear} llevamos más de ${brand.shipmentsClaim.replace("+", "")} envíos a todo Costa Rica.`,
  );
  return (
    <>
      <section className="bg-gradient-to-b from-primary-soft to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-2">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">Sobre Nosotros</h1>
            <p className="mt-4 text-lg leading-relaxed text-muted">
              {`Somos un courier costarricense con sede en ${brand.city}, Alajuela. Desde ${brand.foundedYear} ayudamos a personas y negocios a comprar en Estados Unidos y China y a recibir sus compras en la puerta de su casa.`}
            </p>
            <dl className="mt-8 grid grid-cols-3 gap-4 text-center">
              <div className="rounded-xl bg-white p-4 shadow-sm">
                <dt className="text-sm text-muted">Envíos</dt>
                <dd className="text-2xl font-bold text-primary">{brand.shipmentsClaim}</dd>
              </div>
              <div className="rounded-xl bg-white p-4 shadow-sm">
                <dt className="text-sm text-muted">Desde</dt>
                <dd className="text-2xl font-bold text-primary">{brand.foundedYear}</dd>
              </div>
              <div className="rounded-xl bg-white p-4 shadow-sm">
                <dt className="text-sm text-muted">Almacenaje gratis</dt>
                <dd className="text-2xl font-bold text-primary">{`${FREE_STORAGE_DAYS} días`}</dd>
              </div>
            </dl>
          </div>
          <img
            src="/images/nosotros-oficina.svg"
            alt={`Nuestra oficina y bodega en ${brand.city}, con montañas y cafetales, y un camión de entregas`}
            width={640}
            height={400}
            fetchPriority="high"
            className="mx-auto h-auto w-full max-w-xl rounded-3xl shadow-lg"
          />
        </div>
      </section>

      <section aria-labelledby="historia" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <SectionHeading id="historia" eyebrow="Nuestra historia" title="De un favor entre vecinos a un courier" align="left" />
        <div className="mt-6 grid gap-4 text-lg leading-relaxed text-muted">
          <p>
            {`${brand.name} nació en ${brand.foundedYear} en ${brand.city}. Su fundador, Andrés Solano, llevaba años trayendo compras de Miami para familiares y vecinos que no sabían cómo importar o que pagaban demasiado por hacerlo.`}
          </p>
          <p>
            Lo que empezó con unas pocas cajas al mes se convirtió en un servicio completo: casillero propio en Miami
            con dirección aérea y marítima, envíos desde China, compras asistidas para quienes no tienen tarjeta en
            dólares y una bodega en Grecia desde donde entregamos a todo el país.
          </p>
          <p>
            {`Hoy sumamos ${brand.shipmentsClaim} envíos y mantenemos la misma forma de trabajar: precios claros por gramo o por pie cúbico, seguimiento de cada paquete y atención directa por WhatsApp.`}
          </p>
        </div>
      </section>

      <section aria-labelledby="valores" className="bg-primary-soft">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <SectionHeading id="valores" eyebrow="Nuestros valores" title="Lo que nos guía en cada envío" />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map(({ title, text, Icon }) => (
              <li key={title} className="rounded-xl bg-white p-6 shadow-sm">
                <span className="flex h-12 w-12 items-center justify-center rounded-full bg-accent/15 text-accent-strong">
                  <Icon className="h-6 w-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
                <p className="mt-2 leading-relaxed text-muted">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <TeamSection />

      <section aria-labelledby="nosotros-cta" className="px-4 pb-20 sm:px-6">
        <div className="mx-auto max-w-4xl rounded-2xl bg-primary px-6 py-12 text-center text-white shadow-lg sm:px-12">
          <h2 id="nosotros-cta" className="text-2xl font-bold sm:text-3xl">
            ¿Quieres conocernos mejor?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-100">
            Escríbenos por WhatsApp: te explicamos cómo funciona tu casillero y te ayudamos con tu primera compra.
          </p>
          <WhatsappLinkButton href={whatsappLinks.team()} className="mt-6">
            Escribir al equipo
          </WhatsappLinkButton>
        </div>
      </section>
    </>
  );
}
