// The team cards, each with a WhatsApp chat addressed to that person (home and about pages).
// Only the business's own photographs are announced as real people; the built-in pictures are
// illustrations and the heading does not say otherwise (decision 105).

import { Card } from "../../components/ui/card";
import { brand } from "../../lib/brand";
import { SectionHeading } from "./section-heading";
import { shownTeam, TEAM_IMAGE_SIZE } from "./team";
import { whatsappLinks } from "../../components/whatsapp-link";
import { WhatsappIcon } from "../../components/layout/brand-icons";

export const TEAM_TITLE_PHOTOS = "Personas reales detrás de cada envío";
export const TEAM_TITLE_ILLUSTRATED = "El equipo detrás de cada envío";

export function TeamSection({ id = "equipo" }: { id?: string }) {
  const { members, photographs } = shownTeam();
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading id={id} eyebrow="Nuestro equipo" title={photographs ? TEAM_TITLE_PHOTOS : TEAM_TITLE_ILLUSTRATED}>
        {`Un equipo pequeño en ${brand.city} que conoce tu nombre y tu código de cliente.`}
      </SectionHeading>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {members.map((member) => (
          <li key={member.name}>
            <Card className="flex h-full flex-col items-center p-6 text-center">
              <img
                src={member.image}
                alt={member.imageAlt}
                width={TEAM_IMAGE_SIZE.width}
                height={TEAM_IMAGE_SIZE.height}
                loading="lazy"
                decoding="async"
                className="h-28 w-28 rounded-full object-cover"
              />
              <h3 className="mt-4 text-lg font-semibold text-ink">{member.name}</h3>
              <p className="text-sm font-semibold text-accent-strong">{member.role}</p>
              <p className="mt-3 flex-1 text-sm leading-relaxed text-muted">{member.bio}</p>
              <a
                href={whatsappLinks.team(member.firstName)}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-4 inline-flex items-center gap-2 rounded text-sm font-semibold text-whatsapp hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                <WhatsappIcon className="h-4 w-4" />
                {`Escribir a ${member.firstName}`}
              </a>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
