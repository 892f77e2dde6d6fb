// Registro de cambios (issue 19, Dueño): the audit log, newest first, filtered by person, entity,
// action and Costa Rica dates. The filters and the page live in the address (useUrlFilters), so a
// link shows the same records; 'Exportar' downloads the same filtered log as .xlsx with the
// session's token. Each record says when, who, from where, what and on which record, and 'Ver
// cambios' opens the fields that changed, before → after. Nothing here edits a record.
// 'Verificar la cadena' checks the log's hash chain on the server (decision 148) and shows its
// head, for the owner to write down off the system.

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Download, Loader2, ShieldCheck } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Pagination } from "../../../components/ui/pagination";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { toast } from "../../../components/ui/use-toast";
import { apiRequest, errorMessageFrom } from "../../../lib/api";
import { queryClient } from "../../../lib/query-client";
import { ADMIN_QUERY_ROOT, getAdminJson, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { FilterBar, FilterInput, FilterSelect } from "../../../components/filter-bar";
import { fileNameFromDisposition, saveBlob } from "../../../lib/admin/download-file";
import { useStaffAccounts } from "../../../lib/admin/staff-accounts";
import { useUrlFilters } from "../../../lib/admin/use-url-filters";
import { formatDateTime } from "../../../../shared/domain/format";
import { costaRicaDayKey } from "../../../../shared/domain/dates";
import { EXPORT_FAILED_FALLBACK, EXPORT_FAILED_TITLE, EXPORT_SUCCESS_TITLE } from "../../../../shared/api/excel";
import { routePath } from "../../../../shared/api/contract";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_CHAIN_ROUTE,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
  AUDIT_EXPORT_ROUTE,
  AUDIT_ROUTE,
  ZAuditQuerySchema,
  type TAuditChain,
  type TAuditPage,
  type TAuditRecord,
} from "../../../../shared/api/admin/staff";

export const AUDIT_URL_DEFAULTS = { accountId: "", entity: "", action: "", from: "", to: "", page: "1" };
const AUDIT_PAGE_SIZE = 50;
const AUDIT_KEY = [ADMIN_QUERY_ROOT, "audit"] as const;
export const AUDIT_EMPTY = "Ningún cambio coincide con los filtros";
const AUDIT_LOAD_FAILED = "No se pudo cargar el registro de cambios";

const labelOf = <T extends Record<string, string>>(labels: T, key: string): string => (key in labels ? labels[key as keyof T] : key);

/** A value as a person reads it in 'Ver cambios'. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** Field by field, before → after (a value that is not an object is one row). */
function changedFields(before: unknown, after: unknown): { field: string; before: string; after: string }[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObject(before) && !isObject(after)) return [{ field: "Valor", before: shown(before), after: shown(after) }];
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({ field, before: shown(b[field]), after: shown(a[field]) }));
}

function AuditRecord({ record }: { record: TAuditRecord }) {
  const hasChanges = record.before !== null || record.after !== null;
  return (
    <li className="grid gap-1 border-t border-slate-200 py-3 text-sm first:border-t-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-semibold text-ink">{labelOf(AUDIT_ACTION_LABELS, record.action)}</p>
        <p className="text-muted">
          <time dateTime={record.at}>{formatDateTime(record.at)}</time>
        </p>
      </div>
      <p className="text-ink">
        {record.actorLabel}
        {record.ip ? <span className="text-muted"> · IP {record.ip}</span> : null}
      </p>
      <p className="text-muted">
        {labelOf(AUDIT_ENTITY_LABELS, record.entity)}
        {record.entityId ? ` ${record.entityId}` : ""}
        {record.summary ? ` · ${record.summary}` : ""}
      </p>
      {hasChanges ? (
        <details className="mt-1">
          <summary className="cursor-pointer font-medium text-primary">Ver cambios</summary>
          <dl className="mt-2 grid gap-1">
            {changedFields(record.before, record.after).map((c) => (
              <div key={c.field} className="grid gap-x-2 break-words sm:grid-cols-[10rem_1fr]">
                <dt className="font-medium text-ink">{c.field}</dt>
                <dd className="text-muted">
                  {c.before} → <span className="text-ink">{c.after}</span>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </li>
  );
}

const CHAIN_CHECK_FAILED = "No se pudo verificar la cadena";

/** The chain's state, checked on the owner's click (it reads the whole log). */
function AuditChainCheck() {
  const [state, setState] = useState<{ checking: boolean; result?: TAuditChain; error?: string }>({ checking: false });
  const check = async () => {
    setState({ checking: true });
    try {
      setState({ checking: false, result: await getAdminJson(routePath(AUDIT_CHAIN_ROUTE), AUDIT_CHAIN_ROUTE.responses[200]) });
    } catch (error) {
      setState({ checking: false, error: errorMessageFrom(error, CHAIN_CHECK_FAILED) });
    }
  };
  const { result } = state;
  return (
    <div className="mb-4 grid gap-2 rounded-md border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted">Cada registro lleva la huella del anterior: un cambio o un borrado rompe la cadena.</p>
        <Button variant="outline" size="sm" disabled={state.checking} onClick={() => void check()}>
          {state.checking ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <ShieldCheck className="h-4 w-4" aria-hidden="true" />}
          Verificar la cadena
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {state.error ? <PanelMessage tone="error">{state.error}</PanelMessage> : null}
        {result?.ok ? (
          <p className="break-all text-ink">
            Cadena íntegra: {result.checked} {result.checked === 1 ? "registro" : "registros"}.
            {result.head.seq > 0 ? (
              <>
                {" "}Cabeza para anotar fuera del sistema: <code className="text-xs">{`${result.head.seq}:${result.head.hash}`}</code>
              </>
            ) : null}
          </p>
        ) : null}
        {result && !result.ok ? <PanelMessage tone="error">{`Cadena rota: ${result.broken?.reason ?? ""}`}</PanelMessage> : null}
      </div>
    </div>
  );
}

async function exportAudit(url: string): Promise<void> {
  try {
    const res = await apiRequest(AUDIT_EXPORT_ROUTE.method, url);
    const fileName = fileNameFromDisposition(res.headers.get("content-disposition")) ?? `registro-de-cambios-${costaRicaDayKey(new Date())}.xlsx`;
    saveBlob(await res.blob(), fileName);
    toast({ title: EXPORT_SUCCESS_TITLE, description: fileName });
  } catch (error) {
    toast({ title: EXPORT_FAILED_TITLE, description: errorMessageFrom(error, EXPORT_FAILED_FALLBACK), variant: "destructive" });
  }
}

export function AuditSection() {
  const filters = useUrlFilters(AUDIT_URL_DEFAULTS);
  const { values } = filters;
  const accounts = useStaffAccounts();
  const [exporting, setExporting] = useState(false);
  const parsed = ZAuditQuerySchema.safeParse({
    accountId: values.accountId || undefined,
    entity: values.entity || undefined,
    action: values.action || undefined,
    from: values.from || undefined,
    to: values.to || undefined,
    page: values.page,
    pageSize: AUDIT_PAGE_SIZE,
  });
  const query = parsed.success ? parsed.data : null;
  const filter = query ? { accountId: query.accountId, entity: query.entity, action: query.action, from: query.from, to: query.to } : {};
  const exportUrl = routePath(AUDIT_EXPORT_ROUTE, filter);
  const pageUrl = query ? routePath(AUDIT_ROUTE, { ...filter, page: query.page, pageSize: query.pageSize }) : routePath(AUDIT_ROUTE);
  const page = useQuery<TAuditPage>(
    {
      queryKey: [...AUDIT_KEY, pageUrl],
      queryFn: () => getAdminJson(pageUrl, AUDIT_ROUTE.responses[200]),
      enabled: query !== null,
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  useLoadErrorToast(page.error, "Error", AUDIT_LOAD_FAILED);
  const filtering = Object.entries(values).some(([k, v]) => k !== "page" && v !== "");

  return (
    <Card className="p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-ink">Registro de cambios</h2>
          <p className="text-sm text-muted">Quién cambió qué, cuándo y desde qué dirección. Los registros no se pueden editar ni borrar.</p>
        </div>
        <Button
          variant="outline"
          disabled={exporting || query === null}
          onClick={() => {
            setExporting(true);
            void exportAudit(exportUrl).finally(() => setExporting(false));
          }}
        >
          {exporting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
          Exportar
        </Button>
      </div>
      <AuditChainCheck />
      <FilterBar label="Filtros del registro" columns={5} filtering={filtering} onClear={filters.reset}>
        <FilterSelect
          id="audit-person"
          label="Persona"
          all="Todas"
          value={values.accountId}
          onChange={(accountId) => filters.set({ accountId })}
          options={(accounts.data ?? []).map((a) => [String(a.id), a.name] as const)}
        />
        <FilterSelect
          id="audit-entity"
          label="Entidad"
          all="Todas"
          value={values.entity}
          onChange={(entity) => filters.set({ entity })}
          options={AUDIT_ENTITIES.map((e) => [e, AUDIT_ENTITY_LABELS[e]] as const)}
        />
        <FilterSelect
          id="audit-action"
          label="Acción"
          all="Todas"
          value={values.action}
          onChange={(action) => filters.set({ action })}
          options={Object.entries(AUDIT_ACTION_LABELS).filter(([action]) => !values.entity || action.startsWith(`${values.entity}.`))}
        />
        <FilterInput id="audit-from" label="Desde" type="date" value={values.from} onChange={(from) => filters.set({ from })} />
        <FilterInput id="audit-to" label="Hasta" type="date" value={values.to} onChange={(to) => filters.set({ to })} />
      </FilterBar>
      <div className="mt-4">
        {!parsed.success ? (
          <PanelMessage tone="error">{parsed.error.issues[0]?.message ?? AUDIT_LOAD_FAILED}</PanelMessage>
        ) : page.isPending ? (
          <PanelLoading />
        ) : page.isError ? (
          <PanelMessage tone="error">{AUDIT_LOAD_FAILED}</PanelMessage>
        ) : page.data.records.length === 0 ? (
          <PanelMessage>{AUDIT_EMPTY}</PanelMessage>
        ) : (
          <>
            <p className="text-sm text-muted">
              {page.data.total} {page.data.total === 1 ? "registro" : "registros"}
            </p>
            <ol aria-label="Registros" className="mt-2">
              {page.data.records.map((r) => (
                <AuditRecord key={r.id} record={r} />
              ))}
            </ol>
            <Pagination
              page={page.data.page}
              pageSize={page.data.pageSize}
              total={page.data.total}
              onPage={(p) => filters.set({ page: String(p) })}
              label="Páginas del registro"
            />
          </>
        )}
      </div>
    </Card>
  );
}
