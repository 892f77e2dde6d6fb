// 'Importar' of the panel: the dialog itself is import-form.tsx; after an import the panel's
// cached lists (clients, packages, stats) are refetched.
import { queryClient } from "../../../lib/query-client";
import { ImportDialog as ExcelImportDialog } from "./import-form";
import { ADMIN_QUERY_ROOT } from "../../../lib/admin/admin-api";

export function ImportDialog() {
  return <ExcelImportDialog onImported={() => void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] })} />;
}
