// A word from the founder (home page), with a WhatsApp chat addressed to them: the first of the
// business's own team when BRAND_TEAM_DIR sets one, else the built-in illustrated founder.

import { brand } from "../../lib/brand";
import { SectionHeading } from "./section-heading";
import { shownTeam, TEAM_IMAGE_SIZE } from "./team";
import { WhatsappLinkButton, whatsappLinks } from "../../components/whatsapp-link";

export function FounderMessage() {
  const { founder } = shownTeam();
  return (
    <section aria-labelledby="mensaje-fundador" className="bg-primary text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[auto_1fr]">
        <img
          src={founder.image}
          alt={founder.imageAlt}
          width={TEAM_IMAGE_SIZE.width}
          height={TEAM_IMAGE_SIZE.height}
          loading="lazy"
          decoding="async"
          className="mx-auto h-40 w-40 rounded-full border-4 border-white/30 object-cover lg:h-56 lg:w-56"
        />
        <div>
          <SectionHeading id="mensaje-fundador" eyebrow="Mensaje del fundador" title="Importar no tendría que ser complicado" align="left" tone="dark" />
          <div className="mt-5 grid max-w-3xl gap-4 text-lg leading-relaxed text-slate-100">
            <p>
              {`Empecé ${brand.name} en ${brand.foundedYear}, aquí en ${brand.city}, porque veía a familiares y vecinos pagar de más o esperar semanas sin saber dónde estaban sus compras. Quería un servicio donde el precio se entiende antes de comprar y donde siempre hay alguien que contesta.`}
            </p>
            <p>
              {`Hoy llevamos ${brand.shipmentsClaim} envíos y seguimos trabajando igual: cobramos por gramo o por pie cúbico, te avisamos cada cambio de estado y, si algo sale mal, damos la cara. Si tienes una importación en mente, escríbeme.`}
            </p>
          </div>
          <p className="mt-6 font-semibold">
            {founder.name}
            <span className="block text-sm font-normal text-slate-200">{founder.role}</span>
          </p>
          <WhatsappLinkButton href={whatsappLinks.founder(founder.firstName)} className="mt-6">
            {`Escribirle a ${founder.firstName}`}
          </WhatsappLinkButton>
        </div>
      </div>
    </section>
  );
}
