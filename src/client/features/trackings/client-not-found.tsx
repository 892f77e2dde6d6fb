// The 404 answer of the lookup (public-site §2, §8): no client has this code.

import { Link } from "wouter";
import { UserX } from "lucide-react";
import { buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { CLIENT_CODE_EXAMPLE } from "../../../shared/domain/client-code";
import { CLIENT_NOT_FOUND_TITLE } from "../../../shared/api/clients";
import { WhatsappLinkButton, whatsappLinks } from "../../components/whatsapp-link";

export function ClientNotFound({ clientCode }: { clientCode: string }) {
  return (
    <Card role="alert" className="border-amber-200 bg-amber-50 p-6 text-center">
      <UserX className="mx-auto h-10 w-10 text-amber-700" aria-hidden="true" />
      <h2 className="mt-3 text-xl font-bold text-ink">{CLIENT_NOT_FOUND_TITLE}</h2>
      <p className="mx-auto mt-2 max-w-xl text-sm text-ink">
        No encontramos ningún cliente con el código <strong className="font-mono">{clientCode}</strong>. Revisa que sea
        EX seguido de 6 letras o números (por ejemplo {CLIENT_CODE_EXAMPLE}). Si aún no tienes código, inscríbete gratis.
      </p>
      <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
        <Link href="/avisos-tracking" className={buttonClasses("primary", "lg")}>
          Registrarme
        </Link>
        <WhatsappLinkButton href={whatsappLinks.expert()} label="Pedir ayuda por WhatsApp (se abre en una pestaña nueva)">
          Ayuda por WhatsApp
        </WhatsappLinkButton>
      </div>
    </Card>
  );
}
