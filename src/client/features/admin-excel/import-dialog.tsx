// 'Importar' (staff-side §2, §3, §5, §8): pick an .xlsx or .xls file, read the sheet instructions,
// import, and see the summary with every 'Fila N: …' error.

import { useState, type FormEvent } from "react";
import { FileSpreadsheet, Loader2 } from "lucide-react";
import { Button, buttonClasses } from "../../components/ui/button";
import { DialogClose, DialogContent } from "../../components/ui/dialog";
import { toast } from "../../components/ui/use-toast";
import { errorMessageFrom } from "../../lib/api";
import { queryClient } from "../../lib/query-client";
import { EXCEL_UPLOAD_EXTENSIONS, isExcelFileName } from "../../../shared/domain/limits";
import {
  CLIENTS_SHEET,
  CLIENT_COLUMNS,
  EXCEL_MAX_FILE_LABEL,
  IMPORT_DIALOG_TITLE,
  IMPORT_FAILED_FALLBACK,
  IMPORT_FAILED_TITLE,
  IMPORT_FILE_REQUIRED,
  IMPORT_SUCCESS_TITLE,
  IMPORT_WRONG_EXTENSION,
  TRACKINGS_SHEET,
  TRACKING_COLUMNS,
  importSuccessDescription,
} from "../../../shared/api/excel";
import { ADMIN_QUERY_ROOT } from "../admin-panel/admin-api";
import { importWorkbook, type TImportResponse } from "./excel";

const columnList = (columns: readonly { key: string; required: boolean }[]) =>
  columns.map((c) => (c.required ? c.key : `${c.key} (opcional)`)).join(", ");

export function ImportDialog() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<TImportResponse | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(IMPORT_FILE_REQUIRED);
    if (!isExcelFileName(file.name)) return setError(IMPORT_WRONG_EXTENSION);
    setError(null);
    setPending(true);
    try {
      const answer = await importWorkbook(file);
      setResult(answer);
      toast({ title: IMPORT_SUCCESS_TITLE, description: importSuccessDescription(answer) });
      void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] });
    } catch (err) {
      toast({ title: IMPORT_FAILED_TITLE, description: errorMessageFrom(err, IMPORT_FAILED_FALLBACK), variant: "destructive" });
    } finally {
      setPending(false);
    }
  };

  const rowErrors = result ? [...result.clients.errors, ...result.trackings.errors] : [];

  return (
    <DialogContent title={IMPORT_DIALOG_TITLE} description="Archivo Excel (.xlsx o .xls)" className="max-w-2xl">
      <form noValidate onSubmit={submit} className="grid gap-4">
        <div className="rounded-lg bg-slate-50 p-4 text-sm text-ink">
          <p className="font-semibold">El archivo puede traer dos hojas:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>
              <strong>{CLIENTS_SHEET}</strong>: {columnList(CLIENT_COLUMNS)}
            </li>
            <li>
              <strong>{TRACKINGS_SHEET}</strong>: {columnList(TRACKING_COLUMNS)}. Origen USA o CHINA; forma de envío AVION o BARCO.
            </li>
          </ul>
          <p className="mt-2 text-muted">Tamaño máximo: {EXCEL_MAX_FILE_LABEL}.</p>
        </div>
        <div>
          <label htmlFor="import-file" className="block text-sm font-medium text-ink">
            Archivo Excel
          </label>
          <input
            id="import-file"
            type="file"
            accept={EXCEL_UPLOAD_EXTENSIONS.join(",")}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "import-file-error" : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
            }}
            className="mt-1.5 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-2 file:font-semibold file:text-primary"
          />
          {error ? (
            <p id="import-file-error" className="mt-1 text-sm font-medium text-destructive-hover">
              {error}
            </p>
          ) : null}
        </div>

        {result ? (
          <div className="rounded-lg border border-slate-200 p-4 text-sm" role="status">
            <p className="font-semibold text-ink">Resultado</p>
            <p className="mt-1">
              Clientes: {result.clients.created} creados, {result.clients.skipped} omitidos.
            </p>
            <p>
              Trackings: {result.trackings.created} creados, {result.trackings.updated} actualizados.
            </p>
            {rowErrors.length > 0 ? (
              <ul className="mt-2 max-h-40 list-disc space-y-1 overflow-y-auto pl-5 text-destructive-hover">
                {rowErrors.map((e, i) => (
                  <li key={`${e.row}-${i}`}>{e.error}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose className={buttonClasses("outline")} disabled={pending}>
            Cerrar
          </DialogClose>
          <Button type="submit" disabled={pending}>
            {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />}
            Importar
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
