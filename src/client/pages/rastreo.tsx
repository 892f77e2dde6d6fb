// Rastreo (/rastreo): a client's packages by client code, and the public global tracker. The
// client portal (its schemas, forms, dialogs and panels) is a chunk of its own, fetched once the
// page's heading and tabs have painted.

import { lazy } from "react";
import { Link } from "wouter";
import { Info } from "lucide-react";
import { PageHeader } from "../components/page-header";
import { AfterFirstPaint } from "../components/after-first-paint";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { GlobalTracker } from "../features/trackings/global-tracker";
import { importInSteps } from "../lib/import-in-steps";
import { WHATSAPP_NOTICES_LINK } from "../lib/navigation";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";

const ClientPortal = lazy(() =>
  importInSteps([() => import("../../shared/api/clients")], () => import("../features/trackings/client-portal")).then(
    (module) => ({ default: module.ClientPortal }),
  ),
);

export default function RastreoPage() {
  usePageMeta(
    pageTitle("Rastreo de Paquetes"),
    "Consulta el estado de tus paquetes con tu código de cliente o rastrea cualquier número de guía entre más de 600 transportistas.",
  );
  return (
    <>
      <PageHeader title="Rastreo de Paquetes">
        <p>
          Consulta el estado de tus paquetes con tu código de cliente y pre-alerta tus nuevas compras. ¿Tienes un número
          de guía de otro transportista? Rastréalo con nuestro rastreador global de más de 600 empresas.
        </p>
      </PageHeader>
      <section className="mx-auto grid max-w-7xl gap-6 px-4 pb-24 sm:px-6">
        <p className="flex items-start gap-3 rounded-lg border border-primary/20 bg-primary-soft p-4 text-sm text-ink">
          <Info className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
          <span>
            Para ver y pre-alertar tus paquetes necesitas estar inscrito como cliente.{" "}
            <Link href="/avisos-tracking" className="font-semibold text-primary underline underline-offset-2">
              Inscríbete gratis aquí
            </Link>{" "}
            y recibe tu código al instante. ¿Solo quieres saber de un paquete?{" "}
            <Link href={WHATSAPP_NOTICES_LINK.href} className="font-semibold text-primary underline underline-offset-2">
              Recibe avisos por WhatsApp
            </Link>{" "}
            con su número de tracking, sin inscribirte.
          </span>
        </p>
        <Tabs defaultValue="mis-paquetes">
          <TabsList aria-label="Tipo de rastreo">
            <TabsTrigger value="mis-paquetes">Mis Paquetes</TabsTrigger>
            <TabsTrigger value="global">Rastreo Global</TabsTrigger>
          </TabsList>
          <TabsContent value="mis-paquetes">
            <AfterFirstPaint minHeight="16rem">
              <ClientPortal />
            </AfterFirstPaint>
          </TabsContent>
          <TabsContent value="global">
            <GlobalTracker />
          </TabsContent>
        </Tabs>
      </section>
    </>
  );
}
