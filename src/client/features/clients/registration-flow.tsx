// /avisos-tracking's body: the form until the client exists, then the success panel.

import { useState } from "react";
import { Clock, MapPin, ShieldCheck } from "lucide-react";
import { Card } from "../../components/ui/card";
import type { TRegisterClientResponse } from "../../../shared/api/clients";
import { RegistrationForm } from "./registration-form";
import { RegistrationSuccess } from "./registration-success";

const BENEFITS = [
  { icon: MapPin, text: "Dos direcciones en Miami: una para envíos aéreos y otra para marítimos." },
  { icon: ShieldCheck, text: "Sin costo de inscripción ni mensualidades: pagas solo tus envíos." },
  { icon: Clock, text: "Hasta 30 días de almacenaje gratis para consolidar tus compras." },
];

export function RegistrationFlow() {
  const [result, setResult] = useState<TRegisterClientResponse | null>(null);

  if (result) return <RegistrationSuccess result={result} />;

  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <Card className="p-6 sm:p-8">
        <h2 className="text-xl font-bold text-ink">Abre tu casillero gratis</h2>
        <p className="mt-1 mb-6 text-sm text-muted">Completa tus datos y recibe al instante tu código de cliente.</p>
        <RegistrationForm onRegistered={setResult} />
      </Card>
      <Card className="content-start self-start bg-primary-soft p-6">
        <h2 className="text-lg font-bold text-ink">¿Qué recibes?</h2>
        <ul className="mt-4 grid gap-4">
          {BENEFITS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex gap-3 text-sm text-ink">
              <Icon className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
