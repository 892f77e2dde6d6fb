// 'Importar' of the panel: the dialog itself lives in features/excel; after an import the panel's
// cached lists (clients, packages, stats) are refetched.
import { queryClient } from "../../lib/query-client";
import { ImportDialog as ExcelImportDialog } from "../excel/import-dialog";
import { ADMIN_QUERY_ROOT } from "../admin-panel/admin-api";

export function ImportDialog() {
  return <ExcelImportDialog onImported={() => void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] })} />;
}
