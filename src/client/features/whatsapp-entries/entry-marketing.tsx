// The notice page's explanations (staff-side §2): three benefits, three steps, the status
// legend a customer will see in the messages, and links to tracking and registration.

import { Link } from "wouter";
import {
  BellRing,
  CheckCircle2,
  ClipboardCheck,
  Clock,
  Landmark,
  ListPlus,
  MessageCircle,
  Package,
  PackageCheck,
  Plane,
  Save,
  Search,
  Send,
  UserPlus,
  Warehouse,
  type LucideIcon,
} from "lucide-react";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { whatsappEntryStatusLabel, type WhatsappEntryStatus } from "../../../shared/domain/statuses";

const BENEFITS: { title: string; text: string; Icon: LucideIcon }[] = [
  {
    title: "Notificaciones automáticas",
    text: "Te escribimos por WhatsApp cada vez que tu paquete cambia de estado, sin que tengas que preguntar.",
    Icon: BellRing,
  },
  {
    title: "Múltiples códigos",
    text: "Registra varios códigos de tracking a la vez, hasta 10 por aviso, y agrega más cuando quieras.",
    Icon: ListPlus,
  },
  {
    title: "Información recordada",
    text: "Guardamos tu número, nombre y email en este navegador para que la próxima vez solo agregues los códigos.",
    Icon: Save,
  },
];

export function EntryBenefits() {
  return (
    <section aria-labelledby="beneficios" className="mx-auto max-w-7xl px-4 pt-12 sm:px-6">
      <h2 id="beneficios" className="sr-only">
        Beneficios
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {BENEFITS.map(({ title, text, Icon }) => (
          <li key={title}>
            <Card className="h-full p-6">
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-whatsapp/10 text-whatsapp">
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{text}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

const STEPS: { title: string; text: string; Icon: LucideIcon }[] = [
  { title: "Ingresa tus datos", text: "Tu número de WhatsApp y tu nombre completo; el email es opcional.", Icon: UserPlus },
  { title: "Agrega tus códigos", text: "Los números de tracking que te dio la tienda o el courier.", Icon: ClipboardCheck },
  { title: "Recibe las novedades", text: "Te avisamos por WhatsApp cada vez que tu paquete avanza.", Icon: MessageCircle },
];

export function EntrySteps() {
  return (
    <Card className="p-6">
      <h2 className="text-xl font-semibold text-ink">Cómo funciona</h2>
      <ol className="mt-4 grid gap-4">
        {STEPS.map(({ title, text, Icon }, index) => (
          <li key={title} className="flex gap-4">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary text-white">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold text-ink">{`${index + 1}. ${title}`}</h3>
              <p className="text-sm leading-relaxed text-muted">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/**
 * The legend: the statuses the messages carry, in their words (the entries' and the portal's one
 * vocabulary, docs/decisions/157 — it replaces the spec's older list); a cancellation is not a step.
 */
const LEGEND: { status: WhatsappEntryStatus; Icon: LucideIcon; tone: string }[] = [
  { status: "PENDIENTE", Icon: Clock, tone: "bg-amber-100 text-amber-900" },
  { status: "EN_BODEGA_MIAMI", Icon: Warehouse, tone: "bg-blue-100 text-blue-900" },
  { status: "EN_TRANSITO", Icon: Plane, tone: "bg-indigo-100 text-indigo-900" },
  { status: "EN_ADUANAS", Icon: Landmark, tone: "bg-orange-100 text-orange-900" },
  { status: "EN_BODEGA_CR", Icon: Package, tone: "bg-indigo-100 text-indigo-900" },
  { status: "LISTO_PARA_ENTREGAR", Icon: PackageCheck, tone: "bg-green-100 text-green-900" },
  { status: "ENTREGADO", Icon: CheckCircle2, tone: "bg-green-100 text-green-900" },
];

export function StatusLegend() {
  return (
    <Card className="p-6">
      <h2 className="text-xl font-semibold text-ink">Estados de tu paquete</h2>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {LEGEND.map(({ status, Icon, tone }) => (
          <li key={status} className={cn("flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium", tone)}>
            <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
            {whatsappEntryStatusLabel(status)}
          </li>
        ))}
      </ul>
    </Card>
  );
}

const linkClasses =
  "flex items-start gap-3 rounded-lg border border-slate-200 p-4 hover:border-primary hover:bg-primary-soft " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";

export function EntryLinks() {
  return (
    <Card className="p-6">
      <h2 className="text-xl font-semibold text-ink">¿Buscas otra cosa?</h2>
      <div className="mt-4 grid gap-3">
        <Link href="/rastreo" className={linkClasses}>
          <Search className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
          <span>
            <span className="block font-semibold text-ink">Rastrear mis paquetes</span>
            <span className="block text-sm text-muted">Consulta con tu código de cliente el estado de cada envío.</span>
          </span>
        </Link>
        <Link href="/avisos-tracking" className={linkClasses}>
          <Send className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
          <span>
            <span className="block font-semibold text-ink">Abrir mi casillero</span>
            <span className="block text-sm text-muted">Inscríbete gratis y recibe tus direcciones en Miami.</span>
          </span>
        </Link>
      </div>
    </Card>
  );
}
