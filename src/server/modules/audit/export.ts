// The audit export's columns (Spanish headers from the shared contract): the instant in Costa
// Rica time, the person, the address, the action and entity by their labels, and the values
// before and after as JSON text. Text cells are neutralized by the export writer.
import { costaRicaCellDate, type ColumnSpec } from "../excel/export-service";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_EXPORT_HEADERS,
  type TAuditRecord,
} from "../../../shared/api/admin/staff";

const label = <T extends string>(labels: Record<T, string>, key: string): string => (labels as Record<string, string>)[key] ?? key;
const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

const [FECHA, PERSONA, IP, ACCION, ENTIDAD, ID, RESUMEN, ANTES, DESPUES] = AUDIT_EXPORT_HEADERS;

export const auditExportColumns: ColumnSpec<TAuditRecord>[] = [
  { header: FECHA, width: 18, numFmt: "dd/mm/yyyy hh:mm:ss", value: (r) => costaRicaCellDate(new Date(r.at)) },
  { header: PERSONA, width: 28, value: (r) => r.actorLabel },
  { header: IP, width: 18, value: (r) => r.ip },
  { header: ACCION, width: 34, value: (r) => label(AUDIT_ACTION_LABELS, r.action) },
  { header: ENTIDAD, width: 20, value: (r) => label(AUDIT_ENTITY_LABELS, r.entity) },
  { header: ID, width: 12, value: (r) => r.entityId },
  { header: RESUMEN, width: 50, wrap: true, value: (r) => r.summary },
  { header: ANTES, width: 50, wrap: true, value: (r) => json(r.before) },
  { header: DESPUES, width: 50, wrap: true, value: (r) => json(r.after) },
];
