// The list scaffold both Avisos WhatsApp tabs share: a card with title, count badge and the
// search/status toolbar, then loading / error / empty states or a table of rows whose last column
// holds the 'view' and 'edit' buttons, and the pager. Each tab brings its own columns, texts and
// dialogs (passed as children, rendered at the end of the card).

import type { ReactNode } from "react";
import { Eye, Pencil } from "lucide-react";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";
import { Card } from "./ui/card";
import { Pagination } from "./ui/pagination";
import { PanelLoading, PanelMessage } from "./ui/panel-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./ui/table";
import { AvisosToolbar, type AvisosFilters } from "./avisos-toolbar";

/** The paging figures of a tab's answer. */
export interface AvisosPage {
  total: number;
  filteredTotal: number;
  page?: number;
  pageSize?: number;
}

export function AvisosList<TItem extends { id: string | number }>({
  title,
  description,
  noun,
  filters,
  searchLabel,
  placeholder,
  statuses,
  query,
  items,
  notice,
  errorText,
  emptyText,
  noMatchText,
  columns,
  cells,
  viewLabel,
  editLabel,
  onView,
  onEdit,
  pageSize,
  pagesLabel,
  children,
}: {
  title: string;
  description: string;
  /** What one row is called, singular and plural, for the count badge ("aviso", "avisos"). */
  noun: readonly [string, string];
  /** The address filters, with the status already checked against the tab's statuses. */
  filters: AvisosFilters;
  searchLabel: string;
  placeholder: string;
  statuses: readonly { value: string; label: string }[];
  query: { data: AvisosPage | undefined; isPending: boolean; isError: boolean };
  items: readonly TItem[] | undefined;
  /** Shown between the toolbar and the list (e.g. a configuration warning). */
  notice?: ReactNode;
  errorText: string;
  emptyText: string;
  noMatchText: string;
  /** Column headings before 'Acciones'. */
  columns: readonly string[];
  /** The cells of one row before its actions, one per column. */
  cells: (item: TItem) => ReactNode;
  viewLabel: (item: TItem) => string;
  editLabel: (item: TItem) => string;
  onView: (item: TItem) => void;
  onEdit: (item: TItem) => void;
  pageSize: number;
  pagesLabel: string;
  children?: ReactNode;
}) {
  const { data, isPending, isError } = query;
  const count = data?.filteredTotal ?? 0;
  const filtered = filters.q !== "" || filters.estado !== "todos";

  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-ink">{title}</h2>
          <p className="text-sm text-muted">{description}</p>
        </div>
        {data ? <Badge tone="primary">{`${count} ${count === 1 ? noun[0] : noun[1]}${filtered ? ` de ${data.total}` : ""}`}</Badge> : null}
      </div>
      <AvisosToolbar filters={filters} searchLabel={searchLabel} placeholder={placeholder} statuses={statuses} />
      {notice}
      {isPending ? (
        <PanelLoading />
      ) : isError || !data || !items ? (
        <PanelMessage tone="error">{errorText}</PanelMessage>
      ) : items.length === 0 ? (
        <PanelMessage>{filtered ? noMatchText : emptyText}</PanelMessage>
      ) : (
        <>
          <Table>
            <TableHeader>
              <TableRow>
                {columns.map((column) => (
                  <TableHead key={column}>{column}</TableHead>
                ))}
                <TableHead className="text-right">Acciones</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id}>
                  {cells(item)}
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button variant="ghost" size="icon" onClick={() => onView(item)} aria-label={viewLabel(item)}>
                        <Eye className="h-4 w-4" aria-hidden="true" />
                      </Button>
                      <Button variant="ghost" size="icon" onClick={() => onEdit(item)} aria-label={editLabel(item)}>
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={data.page ?? filters.page}
            pageSize={data.pageSize ?? pageSize}
            total={data.filteredTotal}
            onPage={(page) => filters.change({ page })}
            label={pagesLabel}
          />
        </>
      )}
      {children}
    </Card>
  );
}
