// Caja y por cobrar (issue 21, docs/decisions/138): two tabs, the day's cierre de caja per staff
// member and method, and the clients with amounts due. The day, the person, the search and the
// page live in the address (lib/admin/use-url-filters.ts), so a link opens the same view.
import { Card } from "../../../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { useUrlFilters } from "../../../lib/admin/use-url-filters";
import { CASH_TAB_CLOSING, CASH_TAB_RECEIVABLES } from "../../../../shared/api/admin/cash";
import { ClosingPanel } from "./closing-panel";
import { ReceivablesPanel } from "./receivables-panel";

const CASH_URL_DEFAULTS = { vista: "caja", fecha: "", persona: "", buscar: "", page: "1" };

export function CashSection() {
  const filters = useUrlFilters(CASH_URL_DEFAULTS);
  const { values } = filters;
  const tab = values.vista === "cobrar" ? "cobrar" : "caja";
  return (
    <Card className="p-4 sm:p-6">
      <Tabs value={tab} onValueChange={(v) => filters.set({ vista: v })}>
        <TabsList>
          <TabsTrigger value="caja">{CASH_TAB_CLOSING}</TabsTrigger>
          <TabsTrigger value="cobrar">{CASH_TAB_RECEIVABLES}</TabsTrigger>
        </TabsList>
        <TabsContent value="caja">
          <ClosingPanel date={values.fecha} staff={values.persona} onChange={(patch) => filters.set(patch)} />
        </TabsContent>
        <TabsContent value="cobrar">
          <ReceivablesPanel search={values.buscar} page={values.page} onChange={(patch) => filters.set(patch)} />
        </TabsContent>
      </Tabs>
    </Card>
  );
}
