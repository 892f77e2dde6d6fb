// 'Importar' of /admin (staff-side §2, §3, §5, §8) with a preview first (docs/decisions/117):
// the file picker (.xlsx, .xls) and the sheet instructions; choosing a file (or 'Importar') asks
// the server what the import would do — counts, status changes, backwards moves with the choice
// 'Mantener el estado actual' / 'Retroceder también', the WhatsApp messages it would queue and
// each 'Fila N: …' error — and only 'Aplicar importación' writes, with the preview's fingerprint
// (a plan that changed meanwhile is refused and previewed again). Then the summary of what was
// done. ImportPanel is the body (a page section or a dialog); ImportDialog wraps it in a dialog.
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { FileSpreadsheet, Loader2 } from "lucide-react";
import { Link } from "wouter";
import { Button, buttonClasses } from "../../../components/ui/button";
import { DialogClose, DialogContent } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/use-toast";
import { errorMessageFrom, errorStatusFrom } from "../../../lib/api";
import { queryClient } from "../../../lib/query-client";
import { EXCEL_UPLOAD_EXTENSIONS, isExcelFileName } from "../../../../shared/domain/limits";
import { trackingStatusLabel } from "../../../../shared/domain/statuses";
import {
  CLIENT_COLUMNS,
  CLIENTS_SHEET,
  EXCEL_MAX_FILE_BYTES,
  IMPORT_APPLY_LABEL,
  IMPORT_BACKWARDS_CHOICES,
  IMPORT_BACKWARDS_HINTS,
  IMPORT_BACKWARDS_LABELS,
  IMPORT_BACKWARDS_LEGEND,
  IMPORT_BACKWARDS_TITLE,
  IMPORT_CANCEL_LABEL,
  IMPORT_CANCELLED_DESCRIPTION,
  IMPORT_CANCELLED_TITLE,
  IMPORT_DIALOG_DESCRIPTION,
  IMPORT_DIALOG_TITLE,
  IMPORT_FAILED_FALLBACK,
  IMPORT_FAILED_TITLE,
  IMPORT_FILE_LABEL,
  IMPORT_FILE_REQUIRED,
  IMPORT_FILE_TOO_LARGE,
  IMPORT_INSTRUCTIONS,
  IMPORT_MESSAGES_TITLE,
  IMPORT_PREVIEW_NOTE,
  IMPORT_PREVIEW_PROGRESS_TEXT,
  IMPORT_PREVIEW_TITLE,
  IMPORT_PROGRESS_TEXT,
  IMPORT_STATUS_CHANGES_TITLE,
  IMPORT_SUBMIT_LABEL,
  IMPORT_SUCCESS_TITLE,
  IMPORT_SUMMARY_TITLE,
  IMPORT_UNPRICED_HINT,
  IMPORT_UNPRICED_LINK,
  IMPORT_WRONG_EXTENSION,
  TRACKING_COLUMNS,
  TRACKINGS_SHEET,
  importMoreItems,
  importSuccessDescription,
  importUnpricedCount,
  importUnpricedItem,
  type ImportBackwardsChoice,
  type TImportResponse,
  type TImportRowError,
  type TImportStatusChange,
} from "../../../../shared/api/excel";
import { applyImport, previewImport } from "./api";

export interface ImportDialogProps {
  /** After a successful import (default: every cached query is refetched, so the panel shows the new data). */
  onImported?: (result: TImportResponse) => void;
}

export interface ImportPanelProps extends ImportDialogProps {
  /** Extra control beside the actions (the dialog's 'Cerrar'). */
  closeControl?: ReactNode;
}

const columnList = (columns: readonly { key: string; required: boolean }[]) =>
  columns.map((c) => (c.required ? c.key : `${c.key} (opcional)`)).join(", ");

/** The dialog of the panel's 'Importar' button: ImportPanel with a 'Cerrar'. */
export function ImportDialog({ onImported }: ImportDialogProps) {
  return (
    <DialogContent title={IMPORT_DIALOG_TITLE} description={IMPORT_DIALOG_DESCRIPTION} className="max-w-2xl">
      <ImportPanel
        onImported={onImported}
        closeControl={<DialogClose className={buttonClasses("outline")}>Cerrar</DialogClose>}
      />
    </DialogContent>
  );
}

type Busy = null | "preview" | "apply";

/** The import with its preview step, for a dialog or a page section; fits 320 px. */
export function ImportPanel({ onImported, closeControl }: ImportPanelProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [preview, setPreview] = useState<TImportResponse | null>(null);
  const [backwards, setBackwards] = useState<ImportBackwardsChoice>("keep");
  const [result, setResult] = useState<TImportResponse | null>(null);
  /** Answers of an older request (another file, another choice) are dropped. */
  const request = useRef(0);

  const refuse = (message: string) => {
    setProblem(message);
    toast({ title: IMPORT_FAILED_TITLE, description: message, variant: "destructive" });
  };

  /** The browser's own checks of the chosen file; a refusal is shown and toasted. */
  const checkFile = (chosen: File | null): chosen is File => {
    const reason = !chosen
      ? IMPORT_FILE_REQUIRED
      : !isExcelFileName(chosen.name)
        ? IMPORT_WRONG_EXTENSION
        : chosen.size > EXCEL_MAX_FILE_BYTES
          ? IMPORT_FILE_TOO_LARGE
          : null;
    if (reason) refuse(reason);
    return reason === null;
  };

  const runPreview = async (chosen: File, choice: ImportBackwardsChoice) => {
    const id = ++request.current;
    setProblem(null);
    setResult(null);
    setBusy("preview");
    try {
      const answer = await previewImport(chosen, choice);
      if (id === request.current) setPreview(answer);
    } catch (err) {
      if (id === request.current) {
        setPreview(null);
        toast({ title: IMPORT_FAILED_TITLE, description: errorMessageFrom(err, IMPORT_FAILED_FALLBACK), variant: "destructive" });
      }
    } finally {
      if (id === request.current) setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (checkFile(file)) void runPreview(file, backwards);
  };

  const choose = (chosen: File | null) => {
    request.current++;
    setFile(chosen);
    setProblem(null);
    setResult(null);
    setPreview(null);
    setBusy(null);
    setBackwards("keep");
    if (chosen && checkFile(chosen)) void runPreview(chosen, "keep");
  };

  const changeChoice = (choice: ImportBackwardsChoice) => {
    setBackwards(choice);
    if (file) void runPreview(file, choice);
  };

  const cancel = () => {
    request.current++;
    setPreview(null);
    setFile(null);
    setBusy(null);
    setBackwards("keep");
    if (inputRef.current) inputRef.current.value = "";
    toast({ title: IMPORT_CANCELLED_TITLE, description: IMPORT_CANCELLED_DESCRIPTION });
  };

  const apply = async () => {
    if (!file || !preview || busy) return;
    const id = ++request.current;
    setBusy("apply");
    try {
      const answer = await applyImport(file, { backwards, fingerprint: preview.fingerprint });
      setPreview(null);
      setResult(answer);
      toast({ title: IMPORT_SUCCESS_TITLE, description: importSuccessDescription(answer) });
      if (onImported) onImported(answer);
      else void queryClient.invalidateQueries();
    } catch (err) {
      toast({ title: IMPORT_FAILED_TITLE, description: errorMessageFrom(err, IMPORT_FAILED_FALLBACK), variant: "destructive" });
      // The data changed since the preview: nothing was applied; show the plan as it is now.
      if (errorStatusFrom(err) === 409 && id === request.current) {
        setBusy(null);
        void runPreview(file, backwards);
        return;
      }
    } finally {
      if (id === request.current) setBusy(null);
    }
  };

  return (
    <form method="post" noValidate onSubmit={submit} className="grid min-w-0 gap-4" aria-busy={busy !== null}>
      <div className="rounded-lg bg-slate-50 p-4 text-sm text-ink">
        <p className="font-semibold">Hojas del archivo</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 break-words">
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

      <div className="min-w-0">
        <label htmlFor={inputId} className="block text-sm font-medium text-ink">
          {IMPORT_FILE_LABEL}
        </label>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          accept={EXCEL_UPLOAD_EXTENSIONS.join(",")}
          disabled={busy === "apply"}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
          className="mt-1.5 block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-2 file:font-semibold file:text-primary"
        />
        {problem ? (
          <p id={errorId} className="mt-1 text-sm font-medium text-destructive-hover">
            {problem}
          </p>
        ) : null}
      </div>

      {busy ? (
        <div role="status" className="grid gap-2 text-sm text-ink">
          <div
            role="progressbar"
            aria-label={busy === "apply" ? IMPORT_PROGRESS_TEXT : IMPORT_PREVIEW_PROGRESS_TEXT}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full w-1/3 animate-pulse rounded-full bg-primary" />
          </div>
          <p>{busy === "apply" ? IMPORT_PROGRESS_TEXT : IMPORT_PREVIEW_PROGRESS_TEXT}</p>
        </div>
      ) : null}

      {preview ? (
        <ImportPreview preview={preview} backwards={backwards} disabled={busy !== null} onBackwardsChange={changeChoice} />
      ) : null}

      {result ? <ImportSummary result={result} /> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {preview ? (
          <>
            <Button type="button" variant="outline" disabled={busy === "apply"} onClick={cancel}>
              {IMPORT_CANCEL_LABEL}
            </Button>
            <Button type="button" disabled={busy !== null} onClick={() => void apply()}>
              {busy === "apply" ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />}
              {IMPORT_APPLY_LABEL}
            </Button>
          </>
        ) : (
          <>
            {closeControl}
            <Button type="submit" disabled={busy !== null}>
              {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />}
              {IMPORT_SUBMIT_LABEL}
            </Button>
          </>
        )}
      </div>
    </form>
  );
}

const moveText = (m: TImportStatusChange) =>
  `${m.trackingCode} (${m.clientCode}): ${trackingStatusLabel(m.from, m.origen)} → ${trackingStatusLabel(m.to, m.origen)}`;

function ImportPreview({
  preview,
  backwards,
  disabled,
  onBackwardsChange,
}: {
  preview: TImportResponse;
  backwards: ImportBackwardsChoice;
  disabled: boolean;
  onBackwardsChange: (choice: ImportBackwardsChoice) => void;
}) {
  const radioName = useId();
  return (
    <section aria-label={IMPORT_PREVIEW_TITLE} className="grid min-w-0 gap-3 rounded-lg border border-primary/40 p-4 text-sm text-ink">
      <h3 className="font-semibold">{IMPORT_PREVIEW_TITLE}</h3>
      <p className="text-muted">{IMPORT_PREVIEW_NOTE}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        <Count label="Clientes a crear" value={preview.clients.created} />
        <Count label="Clientes a omitir" value={preview.clients.skipped} />
        <Count label="Paquetes a crear" value={preview.trackings.created} />
        <Count label="Paquetes a actualizar" value={preview.trackings.updated} />
        <Count label="Paquetes sin cambios" value={preview.trackings.unchanged} />
        <Count label="Mensajes de WhatsApp" value={preview.messages.total} />
      </dl>

      {preview.backwardMoves.total > 0 ? (
        <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p className="font-semibold">
            {IMPORT_BACKWARDS_TITLE} ({preview.backwardMoves.total})
          </p>
          <ItemList items={preview.backwardMoves.items.map(moveText)} total={preview.backwardMoves.total} />
          <fieldset className="grid gap-2" disabled={disabled}>
            <legend className="font-medium">{IMPORT_BACKWARDS_LEGEND}</legend>
            {IMPORT_BACKWARDS_CHOICES.map((choice) => (
              <label key={choice} className="flex items-start gap-2">
                <input
                  type="radio"
                  name={radioName}
                  value={choice}
                  checked={backwards === choice}
                  onChange={() => onBackwardsChange(choice)}
                  className="mt-1 h-4 w-4 shrink-0"
                />
                <span>
                  <span className="font-medium">{IMPORT_BACKWARDS_LABELS[choice]}</span>
                  <span className="block text-xs">{IMPORT_BACKWARDS_HINTS[choice]}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </div>
      ) : null}

      <UnpricedFlags result={preview} />

      {preview.statusChanges.total > 0 ? (
        <div>
          <p className="font-semibold">
            {IMPORT_STATUS_CHANGES_TITLE} ({preview.statusChanges.total})
          </p>
          <ItemList items={preview.statusChanges.items.map(moveText)} total={preview.statusChanges.total} />
        </div>
      ) : null}

      {preview.messages.total > 0 ? (
        <div>
          <p className="font-semibold">
            {IMPORT_MESSAGES_TITLE} ({preview.messages.total})
          </p>
          <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto pl-1">
            {preview.messages.items.map((m, i) => (
              <li key={`${m.row}-${i}`} className="break-words">
                <details>
                  <summary className="cursor-pointer">
                    {m.trackingCode} ({m.clientCode}) → +{m.recipient}
                  </summary>
                  <p className="mt-1 whitespace-pre-line rounded bg-slate-50 p-2 text-muted">{m.body}</p>
                </details>
              </li>
            ))}
          </ul>
          {preview.messages.total > preview.messages.items.length ? (
            <p className="mt-1 text-muted">{importMoreItems(preview.messages.total - preview.messages.items.length)}</p>
          ) : null}
        </div>
      ) : null}

      <RowErrors sheet={CLIENTS_SHEET} errors={preview.clients.errors} />
      <RowErrors sheet={TRACKINGS_SHEET} errors={preview.trackings.errors} />
    </section>
  );
}

function ItemList({ items, total }: { items: string[]; total: number }) {
  return (
    <>
      <ul className="mt-1 max-h-48 list-disc space-y-0.5 overflow-y-auto pl-5 break-words">
        {items.map((text, i) => (
          <li key={`${i}-${text}`}>{text}</li>
        ))}
      </ul>
      {total > items.length ? <p className="mt-1 text-muted">{importMoreItems(total - items.length)}</p> : null}
    </>
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
      <UnpricedFlags result={result} />
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

/**
 * Packages the import leaves (or would leave) in En bodega Miami or later without an amount, with
 * the reason (docs/decisions/163): a count and the list, before the apply and after it.
 */
function UnpricedFlags({ result }: { result: TImportResponse }) {
  if (result.unpriced.total === 0) return null;
  const title = importUnpricedCount(result.unpriced.total, result.mode);
  return (
    <div role="group" aria-label={title} className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <p className="font-semibold">{title}</p>
      <p className="text-xs">{IMPORT_UNPRICED_HINT}</p>
      <ItemList items={result.unpriced.items.map(importUnpricedItem)} total={result.unpriced.total} />
      {result.mode === "apply" ? (
        <Link href="~/admin/paquetes?sinMonto=1" className="font-medium underline underline-offset-2">
          {IMPORT_UNPRICED_LINK}
        </Link>
      ) : null}
    </div>
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
