// The people of the office, shown on the home and about pages: the business's own team with
// photographs when BRAND_TEAM_DIR sets one (brand.team, decision 105), else the built-in
// illustrated team below, which the page presents as illustrations.

import type { BrandTeamMember } from "../../../shared/brand";
import { splitFullName } from "../../../shared/domain/person-name";
import { brand } from "../../lib/brand";

export interface TeamMember {
  name: string;
  /** How the WhatsApp greeting addresses them. */
  firstName: string;
  role: string;
  bio: string;
  image: string;
  imageAlt: string;
}

export const TEAM_IMAGE_SIZE = { width: 240, height: 240 } as const;

const FOUNDER: TeamMember = {
  name: "Andrés Solano Vargas",
  firstName: "Andrés",
  role: "Fundador y gerente general",
  bio: "Fundó la empresa en Grecia después de años ayudando a familiares y vecinos a traer sus compras de Miami. Atiende personalmente a los negocios que importan cada mes.",
  image: "/images/equipo-andres.svg",
  imageAlt: "Ilustración de Andrés Solano, fundador, con camisa azul",
};

const TEAM: readonly TeamMember[] = [
  FOUNDER,
  {
    name: "Karla Jiménez Mora",
    firstName: "Karla",
    role: "Servicio al cliente",
    bio: "Responde los mensajes de WhatsApp, ayuda a pre-alertar paquetes y acompaña cada compra asistida de principio a fin.",
    image: "/images/equipo-karla.svg",
    imageAlt: "Ilustración de Karla Jiménez, de servicio al cliente, con camisa anaranjada",
  },
  {
    name: "Diego Alfaro Rojas",
    firstName: "Diego",
    role: "Operaciones y aduanas",
    bio: "Coordina las salidas desde Miami y los trámites de aduana para que cada paquete avance sin atrasos.",
    image: "/images/equipo-diego.svg",
    imageAlt: "Ilustración de Diego Alfaro, de operaciones y aduanas, con camisa verde",
  },
  {
    name: "Mariela Quesada Arias",
    firstName: "Mariela",
    role: "Bodega y entregas",
    bio: "Recibe y consolida los paquetes en nuestra bodega de Grecia y organiza las rutas de entrega por todo el país.",
    image: "/images/equipo-mariela.svg",
    imageAlt: "Ilustración de Mariela Quesada, de bodega y entregas, con anteojos y camisa azul",
  },
];

export interface ShownTeam {
  members: readonly TeamMember[];
  /** The first member signs the founder's message. */
  founder: TeamMember;
  /** True for the business's own photographs; false for the built-in illustrations. */
  photographs: boolean;
}

function fromBrand(member: BrandTeamMember): TeamMember {
  return {
    name: member.name,
    firstName: splitFullName(member.name).nombres,
    role: member.role,
    bio: member.bio,
    image: member.photo,
    imageAlt: member.photoAlt,
  };
}

export function shownTeam(team: readonly BrandTeamMember[] = brand.team): ShownTeam {
  if (team.length === 0) return { members: TEAM, founder: FOUNDER, photographs: false };
  const members = team.map(fromBrand);
  return { members, founder: members[0], photographs: true };
}
