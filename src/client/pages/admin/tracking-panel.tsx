// Avisos WhatsApp (/admin/tracking, staff-side §2) after login: four stat cards with real counts,
// the two tabs and a quick-actions card; the back office's header and navigation come from the
// admin shell (pages/admin/admin-shell.tsx).

import { Link } from "wouter";
import { ClipboardList, Clock, Info, ListChecks, MessageCircle, PackageCheck, Truck, type LucideIcon } from "lucide-react";
import { Card } from "../../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useTrackingStats } from "../../lib/admin/tracking-panel-queries";
import { NoticesTab } from "../../features/admin/tracking-notices/notices-tab";
import { WhatsappEntriesTab } from "../../features/admin/whatsapp-entries/whatsapp-entries-tab";

const number = new Intl.NumberFormat("es-CR");

function StatCards() {
  const { data } = useTrackingStats();
  const cards: { label: string; value: number | undefined; Icon: LucideIcon; tone: string }[] = [
    { label: "Total Avisos", value: data?.total, Icon: ClipboardList, tone: "bg-primary-soft text-primary" },
    { label: "Pendientes", value: data?.pendientes, Icon: Clock, tone: "bg-amber-100 text-amber-900" },
    { label: "En Proceso", value: data?.enProceso, Icon: Truck, tone: "bg-blue-100 text-blue-900" },
    { label: "Completados", value: data?.completados, Icon: PackageCheck, tone: "bg-green-100 text-green-900" },
  ];
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Resumen">
      {cards.map(({ label, value, Icon, tone }) => (
        <li key={label}>
          <Card className="flex items-center gap-4 p-4">
            <span className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full ${tone}`}>
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <div>
              <p className="text-sm text-muted">{label}</p>
              <p className="text-2xl font-bold text-ink">{value === undefined ? "—" : number.format(value)}</p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function QuickActionsCard() {
  const linkClass = "font-semibold text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-primary";
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
        <Info className="h-5 w-5 text-primary" aria-hidden="true" />
        Acciones rápidas
      </h2>
      <ul className="mt-3 grid gap-2 text-sm leading-relaxed text-muted">
        <li className="flex gap-2">
          <MessageCircle className="mt-0.5 h-4 w-4 shrink-0 text-whatsapp" aria-hidden="true" />
          Al cambiar el estado de un código, el cliente recibe un WhatsApp automático; la columna «Último mensaje» dice si
          se envió, si espera en cola o por qué falló.
        </li>
        <li className="flex gap-2">
          <ListChecks className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
          Los clientes registran sus códigos en{" "}
          <Link href="/tracking-whatsapp" className={linkClass}>
            Notificaciones por WhatsApp
          </Link>
          .
        </li>
        <li className="flex gap-2">
          <ClipboardList className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
          Clientes, paquetes, importación y exportación están en el{" "}
          <Link href="/admin" className={linkClass}>
            panel principal
          </Link>
          .
        </li>
      </ul>
    </Card>
  );
}

export function AdminTrackingPanel() {
  return (
    <div className="grid gap-6">
      <h2 className="text-2xl font-bold tracking-tight text-ink">Avisos WhatsApp</h2>
      <StatCards />
      <Tabs defaultValue="whatsapp">
        <TabsList aria-label="Secciones del panel">
          <TabsTrigger value="whatsapp">Tracking WhatsApp</TabsTrigger>
          <TabsTrigger value="avisos">Avisos Tradicionales</TabsTrigger>
        </TabsList>
        <TabsContent value="whatsapp">
          <WhatsappEntriesTab />
        </TabsContent>
        <TabsContent value="avisos">
          <NoticesTab />
        </TabsContent>
      </Tabs>
      <QuickActionsCard />
    </div>
  );
}
