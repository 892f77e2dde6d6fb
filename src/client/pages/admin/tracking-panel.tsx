// The Avisos WhatsApp section (/admin/tracking, staff-side §2; issue 18 item 12): four stat cards
// with real counts, the two tabs, each searched, filtered and paged, and a quick-actions card.
// The tab, search, status and page live in the address (?tab=avisos&q=…&estado=…&page=…); the
// admin shell around it provides the header and the sign-out.

import { useCallback, useMemo } from "react";
import { Link } from "wouter";
import { ClipboardList, Clock, Info, ListChecks, MessageCircle, PackageCheck, Truck, type LucideIcon } from "lucide-react";
import { Card } from "../../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useTrackingStats } from "../../lib/admin/tracking-panel-queries";
import { useUrlFilters } from "../../lib/admin/use-url-filters";
import type { AvisosFilters } from "../../components/avisos-toolbar";
import { NoticesTab } from "../../features/admin/tracking-notices/notices-tab";
import { WhatsappEntriesTab } from "../../features/admin/whatsapp-entries/whatsapp-entries-tab";
import { formatQuantity } from "../../../shared/domain/format";

const number = { format: (n: number) => formatQuantity(n, 0) };

function StatCards() {
  const { data } = useTrackingStats();
  const cards: { label: string; value: number | undefined; Icon: LucideIcon; tone: string }[] = [
    { label: "Total Avisos", value: data?.total, Icon: ClipboardList, tone: "bg-primary-soft text-primary" },
    { label: "Pendientes", value: data?.pendientes, Icon: Clock, tone: "bg-amber-100 text-amber-900" },
    { label: "En Proceso", value: data?.enProceso, Icon: Truck, tone: "bg-blue-100 text-blue-900" },
    { label: "Completados", value: data?.completados, Icon: PackageCheck, tone: "bg-green-100 text-green-900" },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label="Resumen">
      {cards.map(({ label, value, Icon, tone }) => (
        <li key={label} className="min-w-0">
          <Card className="flex items-center gap-3 p-3 sm:gap-4 sm:p-4">
            <span className={`hidden h-11 w-11 shrink-0 items-center justify-center rounded-full min-[400px]:flex ${tone}`}>
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
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
    <Card className="min-w-0 p-4 sm:p-6">
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
          <span>
            Los clientes registran sus códigos en{" "}
            <Link href="/tracking-whatsapp" className={linkClass}>
              Notificaciones por WhatsApp
            </Link>
            .
          </span>
        </li>
        <li className="flex gap-2">
          <ClipboardList className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
          <span>
            Clientes, paquetes, importación y exportación están en el{" "}
            <Link href="/admin" className={linkClass}>
              panel principal
            </Link>
            .
          </span>
        </li>
      </ul>
    </Card>
  );
}

type AvisosTab = "whatsapp" | "avisos";
/** One set of keys for the section: the tab and the open tab's search, status and page. */
const URL_DEFAULTS = { tab: "whatsapp", q: "", estado: "todos", page: "1" };

export function AvisosSection() {
  const { values, set } = useUrlFilters(URL_DEFAULTS);
  const tab: AvisosTab = values.tab === "avisos" ? "avisos" : "whatsapp";
  const page = Math.max(1, Math.floor(Number(values.page)) || 1);
  const change = useCallback<AvisosFilters["change"]>(
    (patch, options) =>
      set(
        {
          ...(patch.q !== undefined ? { q: patch.q } : {}),
          ...(patch.estado !== undefined ? { estado: patch.estado } : {}),
          ...(patch.page !== undefined ? { page: String(patch.page) } : {}),
        },
        options,
      ),
    [set],
  );
  const filters = useMemo<AvisosFilters>(() => ({ q: values.q, estado: values.estado, page, change }), [values.q, values.estado, page, change]);
  // The two tabs have different statuses: a new tab starts with a clean search.
  const chooseTab = (next: string) => set({ tab: next, q: "", estado: "todos" });

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <h2 className="text-2xl font-bold tracking-tight text-ink">Avisos WhatsApp</h2>
      <StatCards />
      <Tabs value={tab} onValueChange={chooseTab} className="min-w-0">
        <TabsList aria-label="Secciones del panel">
          <TabsTrigger value="whatsapp" className="px-2 sm:px-4">
            Tracking WhatsApp
          </TabsTrigger>
          <TabsTrigger value="avisos" className="px-2 sm:px-4">
            Avisos Tradicionales
          </TabsTrigger>
        </TabsList>
        <TabsContent value="whatsapp">
          <WhatsappEntriesTab filters={filters} />
        </TabsContent>
        <TabsContent value="avisos">
          <NoticesTab filters={filters} />
        </TabsContent>
      </Tabs>
      <QuickActionsCard />
    </div>
  );
}
