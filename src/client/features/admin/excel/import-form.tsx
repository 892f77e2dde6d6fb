// 'Importar' of /admin (staff-side §2, §3, §5, §8): the dialog's body — file picker (.xlsx, .xls),
// the sheet instructions, progress while the server works, and the summary (clients created and
// skipped, packages created and updated, each 'Fila N: …' error under its sheet). Place it inside
// a <Dialog> whose trigger is the header's Importar button.
import { useId, useState, type FormEvent } from "react";
import { FileSpreadsheet, Loader2 } from "lucide-react";
import { Button, buttonClasses } from "../../../components/ui/button";
import { DialogClose, DialogContent } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/use-toast";
import { apiRequest, errorMessageFrom } from "../../../lib/api";
import { queryClient } from "../../../lib/query-client";
import { EXCEL_UPLOAD_EXTENSIONS, isExcelFileName } from "../../../../shared/domain/limits";
import {
  CLIENT_COLUMNS,
  CLIENTS_SHEET,
  EXCEL_MAX_FILE_BYTES,
  IMPORT_DIALOG_DESCRIPTION,
  IMPORT_DIALOG_TITLE,
  IMPORT_FAILED_FALLBACK,
  IMPORT_FAILED_TITLE,
  IMPORT_FILE_LABEL,
  IMPORT_FILE_REQUIRED,
  IMPORT_FILE_TOO_LARGE,
  IMPORT_INSTRUCTIONS,
  IMPORT_PROGRESS_TEXT,
  IMPORT_SUBMIT_LABEL,
  IMPORT_SUCCESS_TITLE,
  IMPORT_SUMMARY_TITLE,
  IMPORT_WRONG_EXTENSION,
  TRACKING_COLUMNS,
  TRACKINGS_SHEET,
  ZImportResponseSchema,
  importSuccessDescription,
  type TImportResponse,
  type TImportRowError,
} from "../../../../shared/api/excel";

/** POST /api/import/express with the workbook in the field "file". */
export async function importExcelFile(file: File): Promise<TImportResponse> {
  const form = new FormData();
  form.append("file", file);
  const res = await apiRequest("POST", "/api/import/express", form);
  return ZImportResponseSchema.parse(await res.json());
}

export interface ImportDialogProps {
  /** After a successful import (default: every cached query is refetched, so the panel shows the new data). */
  onImported?: (result: TImportResponse) => void;
}

const columnList = (columns: readonly { key: string; required: boolean }[]) =>
  columns.map((c) => (c.required ? c.key : `${c.key} (opcional)`)).join(", ");

export function ImportDialog({ onImported }: ImportDialogProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<TImportResponse | null>(null);

  const refuse = (message: string) => {
    setProblem(message);
    toast({ title: IMPORT_FAILED_TITLE, description: message, variant: "destructive" });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!file) return refuse(IMPORT_FILE_REQUIRED);
    if (!isExcelFileName(file.name)) return refuse(IMPORT_WRONG_EXTENSION);
    if (file.size > EXCEL_MAX_FILE_BYTES) return refuse(IMPORT_FILE_TOO_LARGE);
    setProblem(null);
    setResult(null);
    setPending(true);
    try {
      const answer = await importExcelFile(file);
      setResult(answer);
      toast({ title: IMPORT_SUCCESS_TITLE, description: importSuccessDescription(answer) });
      if (onImported) onImported(answer);
      else void queryClient.invalidateQueries();
    } catch (err) {
      toast({ title: IMPORT_FAILED_TITLE, description: errorMessageFrom(err, IMPORT_FAILED_FALLBACK), variant: "destructive" });
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogContent title={IMPORT_DIALOG_TITLE} description={IMPORT_DIALOG_DESCRIPTION} className="max-w-2xl">
      <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={pending}>
        <div className="rounded-lg bg-slate-50 p-4 text-sm text-ink">
          <p className="font-semibold">Hojas del archivo</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>
              <strong>{CLIENTS_SHEET}</strong>: {columnList(CLIENT_COLUMNS)}
            </li>
            <li>
              <strong>{TRACKINGS_SHEET}</strong>: {columnList(TRACKING_COLUMNS)}
            </li>
          </ul>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-muted">
            {IMPORT_INSTRUCTIONS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>

        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-ink">
            {IMPORT_FILE_LABEL}
          </label>
          <input
            id={inputId}
            type="file"
            accept={EXCEL_UPLOAD_EXTENSIONS.join(",")}
            disabled={pending}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setProblem(null);
              setResult(null);
            }}
            className="mt-1.5 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-2 file:font-semibold file:text-primary"
          />
          {problem ? (
            <p id={errorId} className="mt-1 text-sm font-medium text-destructive-hover">
              {problem}
            </p>
          ) : null}
        </div>

        {pending ? (
          <div role="status" className="grid gap-2 text-sm text-ink">
            <div
              role="progressbar"
              aria-label={IMPORT_PROGRESS_TEXT}
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full w-1/3 animate-pulse rounded-full bg-primary" />
            </div>
            <p>{IMPORT_PROGRESS_TEXT}</p>
          </div>
        ) : null}

        {result ? <ImportSummary result={result} /> : null}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose className={buttonClasses("outline")} disabled={pending}>
            Cerrar
          </DialogClose>
          <Button type="submit" disabled={pending}>
            {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />}
            {IMPORT_SUBMIT_LABEL}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}

function ImportSummary({ result }: { result: TImportResponse }) {
  return (
    <section aria-label={IMPORT_SUMMARY_TITLE} className="grid gap-3 rounded-lg border border-slate-200 p-4 text-sm text-ink">
      <h3 className="font-semibold">{IMPORT_SUMMARY_TITLE}</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <Count label="Clientes creados" value={result.clients.created} />
        <Count label="Clientes omitidos" value={result.clients.skipped} />
        <Count label="Paquetes creados" value={result.trackings.created} />
        <Count label="Paquetes actualizados" value={result.trackings.updated} />
      </dl>
      {result.trackings.unchanged > 0 ? (
        <p className="text-muted">
          {result.trackings.unchanged === 1
            ? "1 paquete ya estaba igual y no se modificó."
            : `${result.trackings.unchanged} paquetes ya estaban iguales y no se modificaron.`}
        </p>
      ) : null}
      <RowErrors sheet={CLIENTS_SHEET} errors={result.clients.errors} />
      <RowErrors sheet={TRACKINGS_SHEET} errors={result.trackings.errors} />
    </section>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  );
}

/** A file with thousands of bad rows shows the first ones; the count says how many there are. */
const ERRORS_SHOWN = 200;

function RowErrors({ sheet, errors }: { sheet: string; errors: TImportRowError[] }) {
  if (errors.length === 0) return null;
  const hidden = errors.length - ERRORS_SHOWN;
  return (
    <div>
      <p className="font-semibold text-destructive-hover">
        Hoja {sheet}: {errors.length === 1 ? "1 fila con error" : `${errors.length} filas con errores`}
      </p>
      <ul className="mt-1 max-h-48 list-disc space-y-0.5 overflow-y-auto pl-5 text-destructive-hover">
        {errors.slice(0, ERRORS_SHOWN).map((e, i) => (
          <li key={`${e.row}-${i}`}>{e.error}</li>
        ))}
      </ul>
      {hidden > 0 ? <p className="mt-1 text-muted">… y {hidden} filas más con errores.</p> : null}
    </div>
  );
}
