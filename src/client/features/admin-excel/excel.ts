// The panel's Excel downloads: the four exports are served by server/modules/excel and fetched by
// features/excel (blob download under the server's file name, the spec's toasts).
export { downloadExport, type ExportKind } from "../excel/download-export";
