// The search box and status filter of both Avisos WhatsApp tabs (issue 18, item 12). The typed
// text reaches the address (and the server) a moment after the last key, replacing the current
// history entry; the status pushes one, so Back undoes it.

import { useEffect, useId, useState } from "react";
import { Search } from "lucide-react";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { Select } from "./ui/select";
import { SEARCH_DEBOUNCE_MS } from "../lib/admin/use-debounced-value";

/** The filters a tab reads from the address and the way it changes them. */
export interface AvisosFilters {
  q: string;
  estado: string;
  page: number;
  change(patch: { q?: string; estado?: string; page?: number }, options?: { replace?: boolean }): void;
}

export function AvisosToolbar({
  filters,
  searchLabel,
  placeholder,
  statuses,
}: {
  filters: AvisosFilters;
  searchLabel: string;
  placeholder: string;
  statuses: readonly { value: string; label: string }[];
}) {
  const id = useId();
  const [text, setText] = useState(filters.q);
  const { q, change } = filters;

  // The address changed from outside (Back, a shared link, another tab): show what it says.
  useEffect(() => {
    setText((current) => (current.trim() === q ? current : q));
  }, [q]);

  useEffect(() => {
    const typed = text.trim();
    if (typed === q) return;
    const timer = setTimeout(() => change({ q: typed }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, change]);

  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-q`}>{searchLabel}</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
          <Input
            id={`${id}-q`}
            type="search"
            className="pl-9"
            placeholder={placeholder}
            value={text}
            maxLength={100}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-estado`}>Estado</Label>
        <Select id={`${id}-estado`} value={filters.estado} onChange={(event) => change({ estado: event.target.value })}>
          <option value="todos">Todos</option>
          {statuses.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
