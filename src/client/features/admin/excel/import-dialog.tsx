// 'Importar' of the panel: the dialog and the section body are import-form.tsx (ImportDialog,
// ImportPanel); after an import the panel's cached lists (clients, packages, stats) are refetched.
import { queryClient } from "../../../lib/query-client";
import { ImportDialog as ExcelImportDialog, ImportPanel as ExcelImportPanel } from "./import-form";
import { ADMIN_QUERY_ROOT } from "../../../lib/admin/admin-api";

const refetchAdmin = () => void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] });

export function ImportDialog() {
  return <ExcelImportDialog onImported={refetchAdmin} />;
}

/** The import with its preview step as a page section (/admin/importar-exportar). */
export function ImportPanel() {
  return <ExcelImportPanel onImported={refetchAdmin} />;
}
