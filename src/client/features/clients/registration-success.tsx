// What a new client sees after registering: the client code, the Miami mailbox with copy
// buttons, how it works, the way to tracking and WhatsApp help (public-site §2 "Registration").

import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { CheckCircle2, Copy, Gift, Package } from "lucide-react";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatDate } from "../../../shared/domain/format";
import type { TRegisterClientResponse } from "../../../shared/api/clients";
import { WhatsappLinkButton, whatsappLinks } from "../../components/whatsapp-link";
import { MiamiAddressCard } from "../../components/miami-address/miami-address-card";
import { copyText } from "../../lib/copy-text";

const STEPS = [
  "Compra en tu tienda favorita de Estados Unidos y usa tu dirección de Miami (Avión o Barco), con tu código junto a tu nombre.",
  "Pre-alerta tu compra en Rastreo con el número de tracking que te da la tienda.",
  "Recibimos tu paquete en Miami, lo consolidamos con tus otras compras y lo enviamos a Costa Rica.",
  "Te avisamos por WhatsApp en cada cambio de estado y te lo llevamos hasta la puerta.",
];

export function RegistrationSuccess({ result }: { result: TRegisterClientResponse }) {
  const { clientCode, nombre } = result.client;
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: bring the code into view and tell screen readers where they are.
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: "center" });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="grid content-start gap-6">
        <Card className="p-6 text-center">
          <CheckCircle2 className="mx-auto h-12 w-12 text-whatsapp" aria-hidden="true" />
          <h2 ref={heading} tabIndex={-1} className="mt-3 text-2xl font-bold text-ink outline-none">¡Bienvenido, {nombre}!</h2>
          <p className="mt-2 text-muted">Tu código de cliente es</p>
          <p className="mt-1 font-mono text-4xl font-bold tracking-wider text-primary" data-testid="client-code">
            {clientCode}
          </p>
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            onClick={() => void copyText(clientCode, { description: "Código de cliente copiado al portapapeles" })}
          >
            <Copy className="h-4 w-4" aria-hidden="true" />
            Copiar código
          </Button>
          <p className="mt-4 text-sm text-muted">
            Guárdalo: lo necesitas para ver tus paquetes. También te lo enviaremos por WhatsApp.
          </p>
          {result.welcomeCoupon ? (
            <p className="mt-4 flex items-start gap-2 rounded-lg bg-accent/10 p-3 text-left text-sm text-ink">
              <Gift className="mt-0.5 h-5 w-5 shrink-0 text-accent-strong" aria-hidden="true" />
              <span>
                Tienes un cupón de bienvenida de <strong>{result.welcomeCoupon.discountPercent}%</strong> para tu primer
                envío, válido hasta el {formatDate(result.welcomeCoupon.expiresAt)}. Se aplica solo cuando tu paquete esté listo para entregar.
              </span>
            </p>
          ) : null}
        </Card>
        <Card className="p-6">
          <h2 className="text-lg font-bold text-ink">¿Cómo funciona?</h2>
          <ol className="mt-4 grid gap-3">
            {STEPS.map((step, index) => (
              <li key={step} className="flex gap-3 text-sm text-ink">
                <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-white">
                  {index + 1}
                </span>
                <span className="pt-1">{step}</span>
              </li>
            ))}
          </ol>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Link href="/rastreo" className={buttonClasses("primary", "lg")}>
              <Package className="h-5 w-5" aria-hidden="true" />
              Ver mis paquetes
            </Link>
            <WhatsappLinkButton href={whatsappLinks.expert()} label="Pedir ayuda por WhatsApp (se abre en una pestaña nueva)">
              Ayuda por WhatsApp
            </WhatsappLinkButton>
          </div>
        </Card>
      </div>
      <MiamiAddressCard nombre={nombre} clientCode={clientCode} className="content-start self-start" />
    </div>
  );
}
