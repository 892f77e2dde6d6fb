// The home page's closing call to action (public-site §2): a WhatsApp chat with an expert and
// 'Crear Cuenta Gratis', which goes to the registration form on /avisos-tracking (the spec sent it
// to /rastreo, where a visitor without a code can do nothing; decision 204).

import { Link } from "wouter";
import { UserPlus } from "lucide-react";
import { buttonClasses } from "../../components/ui/button";
import { WhatsappLinkButton, whatsappLinks } from "../../components/whatsapp-link";

export function HomeCta() {
  return (
    <section aria-labelledby="home-cta" className="px-4 pb-20 sm:px-6">
      <div className="mx-auto max-w-5xl rounded-2xl bg-gradient-to-br from-primary to-primary-hover px-6 py-12 text-center text-white shadow-lg sm:px-12">
        <h2 id="home-cta" className="text-2xl font-bold sm:text-3xl">
          ¿Listo para tu primera importación?
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-100">
          Crea tu cuenta gratis para ver y pre-alertar tus paquetes, o escríbenos y te ayudamos a cotizar tu compra.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <WhatsappLinkButton href={whatsappLinks.expert()}>Hablar con un experto</WhatsappLinkButton>
          <Link href="/avisos-tracking" className={buttonClasses("accent", "lg")}>
            <UserPlus className="h-5 w-5" aria-hidden="true" />
            Crear Cuenta Gratis
          </Link>
        </div>
      </div>
    </section>
  );
}
