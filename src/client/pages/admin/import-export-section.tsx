// Importar / Exportar (issue 18, item 12): the Excel import with its preview (the same panel as
// the header's 'Importar' dialog) and the four exports of the spec's header (staff-side §2, §7),
// each with what it holds, on a page of their own.

import { Download, FileSpreadsheet } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ImportPanel } from "../../features/admin/excel/import-dialog";
import { useExports, type ExportKind } from "../../features/admin/excel/download-export";

const EXPORTS: { kind: ExportKind; label: string; holds: string }[] = [
  { kind: "all", label: "Exportar Todo", holds: "Las hojas Clientes y Trackings tal como las lee la importación: sirve de respaldo y se vuelve a importar sin cambios." },
  { kind: "clients", label: "Clientes", holds: "Una hoja de clientes y otra de trackings, para leer." },
  { kind: "by-client", label: "Trackings", holds: "Una hoja con los paquetes de cada cliente agrupados bajo su nombre." },
  { kind: "contacts", label: "Mensajes", holds: "Los mensajes del formulario de contacto, los más recientes primero." },
];

export function ImportExportSection() {
  const { exporting, run } = useExports();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="p-5" role="region" aria-labelledby="import-heading">
        <h2 id="import-heading" className="flex items-center gap-2 text-lg font-bold text-ink">
          <FileSpreadsheet className="h-5 w-5 text-primary" aria-hidden="true" />
          Importar desde Excel
        </h2>
        <div className="mt-3">
          <ImportPanel />
        </div>
      </Card>
      <Card className="p-5" role="region" aria-labelledby="export-heading">
        <h2 id="export-heading" className="flex items-center gap-2 text-lg font-bold text-ink">
          <Download className="h-5 w-5 text-primary" aria-hidden="true" />
          Exportar a Excel
        </h2>
        <ul className="mt-3 grid gap-3">
          {EXPORTS.map(({ kind, label, holds }) => (
            <li key={kind} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
              <p className="min-w-0 flex-1 text-sm text-muted">
                <span className="block font-semibold text-ink">{label}</span>
                {holds}
              </p>
              <Button size="sm" variant="outline" disabled={exporting !== null} onClick={() => void run(kind)} aria-label={`Descargar ${label}`}>
                <Download className="h-4 w-4" aria-hidden="true" />
                Descargar
              </Button>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
