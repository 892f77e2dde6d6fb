// The footer (public-site §2): brand, quick links, address, phone, hours, social links and
// the copyright line, all from the brand module.

import type { ComponentType, SVGProps } from "react";
import { Link } from "wouter";
import { BellRing, Clock, MapPin, Phone, Receipt } from "lucide-react";
import { costaRicaYear } from "../../../shared/domain/dates";
import { brand } from "../../lib/brand";
import { footerLinks, IMPORT_TAXES_LINK, WHATSAPP_NOTICES_LINK } from "../../lib/navigation";
import { BrandMark, FacebookIcon, LinkedinIcon, WhatsappIcon } from "./brand-icons";

const footerFocus = "rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

interface Social {
  label: string;
  href: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const socials: Social[] = [
  { label: "Facebook", href: brand.social.facebook, Icon: FacebookIcon },
  { label: "WhatsApp", href: brand.social.whatsapp, Icon: WhatsappIcon },
  { label: "LinkedIn", href: brand.social.linkedin, Icon: LinkedinIcon },
];

function SocialLink({ label, href, Icon }: Social) {
  const box = "inline-flex h-10 w-10 items-center justify-center rounded-full";
  // A network without an address (LinkedIn in the spec) is shown, but is not a dead link.
  if (!href) {
    return (
      <span role="img" aria-label={`${label} (no disponible)`} className={`${box} bg-white/5 text-slate-400`}>
        <Icon className="h-5 w-5" />
      </span>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      className={`${box} bg-white/10 text-white hover:bg-accent hover:text-accent-foreground ${footerFocus}`}
    >
      <Icon className="h-5 w-5" />
    </a>
  );
}

/** Who the business is, as configured (decision 207): its legal name, cédula jurídica and customs registration. */
const legalFacts = [
  brand.legalName,
  brand.legalId ? `Cédula jurídica ${brand.legalId}` : "",
  brand.customsCode ? `Registro ante Aduanas (TICA): ${brand.customsCode}` : "",
].filter(Boolean);

export function SiteFooter() {
  const telHref = `tel:${brand.phoneDisplay.replace(/[^\d+]/g, "")}`;
  return (
    <footer className="bg-footer text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <BrandMark className="h-8 w-8" />
            {brand.name}
          </p>
          <p className="mt-3 text-sm leading-relaxed">
            Tu casillero en Miami y tu socio de importación en Costa Rica: traemos tus compras de Estados Unidos y
            China hasta tu puerta.
          </p>
        </div>

        <nav aria-labelledby="footer-links-title">
          <h2 id="footer-links-title" className="text-sm font-semibold tracking-wide text-white uppercase">
            Enlaces rápidos
          </h2>
          <ul className="mt-4 grid gap-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={`hover:text-white hover:underline ${footerFocus}`}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contacto</h2>
          <ul className="mt-4 grid gap-3 text-sm">
            <li className="flex gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
              <span>{brand.addressLine}</span>
            </li>
            <li className="flex gap-2">
              <Phone className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
              <a href={telHref} className={`hover:text-white hover:underline ${footerFocus}`}>
                {brand.phoneDisplay}
              </a>
            </li>
            <li className="flex gap-2">
              <BellRing className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
              <Link href={WHATSAPP_NOTICES_LINK.href} className={`hover:text-white hover:underline ${footerFocus}`}>
                {WHATSAPP_NOTICES_LINK.label}
              </Link>
            </li>
            <li className="flex gap-2">
              <Receipt className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
              <Link href={IMPORT_TAXES_LINK.href} className={`hover:text-white hover:underline ${footerFocus}`}>
                {IMPORT_TAXES_LINK.label}
              </Link>
            </li>
          </ul>
        </div>

        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Horario</h2>
          <ul className="mt-4 grid gap-2 text-sm">
            <li className="flex gap-2">
              <Clock className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
              <span>{brand.hours.weekdays}</span>
            </li>
            <li className="flex gap-2">
              <Clock className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
              <span>{brand.hours.saturday}</span>
            </li>
          </ul>
          <h2 className="mt-6 text-sm font-semibold tracking-wide text-white uppercase">Síguenos</h2>
          <div className="mt-3 flex gap-3">
            {socials.map((social) => (
              <SocialLink key={social.label} {...social} />
            ))}
          </div>
        </div>
      </div>
      {/* The bottom padding is the floating buttons' room: at the page's end they cover nothing. */}
      <div className="border-t border-white/10 pb-20 sm:pb-0">
        {/* The year of the day the page is shown: a page prerendered last December still says this year. */}
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm sm:px-6" suppressHydrationWarning>
          {`© ${costaRicaYear(new Date())} ${brand.name}. Todos los derechos reservados.`}
        </p>
        {legalFacts.length > 0 ? (
          <p className="mx-auto -mt-3 max-w-7xl px-4 pb-5 text-center text-xs text-slate-300 sm:px-6" data-testid="footer-legal">
            {legalFacts.join(" · ")}
          </p>
        ) : null}
      </div>
    </footer>
  );
}
