// The client cards' bulk status change is the one shared by every package list (lib/admin/bulk-status.tsx).
export { BulkSelectionProvider, BulkStatusBar, useBulkSelection } from "../../../lib/admin/bulk-status";
