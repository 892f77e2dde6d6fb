// The packages a search finds, shown right under the Clientes search box (issue 18 item 10): the
// first few matches across every client, each with its client, and a link to the whole list in
// Paquetes. It asks the same call as the section, with the same search rules, for searches that
// can name a package: a tracking code, a client code or a phone all carry digits. A name (no
// digit) finds clients, whose cards below hold their packages; listing the packages of the 700
// 'Jiménez' as well cost the search its speed (a second query) and told staff nothing new.

import { Link } from "wouter";
import { Package } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Card } from "../../../components/ui/card";
import { STATUS_TONES } from "../../../lib/admin/status-tones";
import { trackingStatusLabel } from "../../../../shared/domain/statuses";
import { ADMIN_SEARCH_MAX } from "../../../../shared/api/admin/clients";
import { packagesCountText } from "../../../../shared/api/admin/packages";
import { prefetchAdminPackages, useAdminPackages } from "./api";

/** How many matching packages are listed under the search box. */
const PACKAGE_RESULTS_DEFAULT = 5;

export interface PackageResultsProps {
  /** The search once typing has paused (the Clientes search as the address holds it). */
  q: string;
  /** How many to list (1–100). */
  limit?: number;
}

/** The search these results ask for: one with a digit (a code or a phone), else none. */
function resultsSearch(q: string): string {
  const typed = q.trim().slice(0, ADMIN_SEARCH_MAX);
  return /\d/.test(typed) ? typed : "";
}

/** Asks for the results of a search about to be written to the address (prefetchAdminClients). */
export function prefetchPackageResults(q: string, limit = PACKAGE_RESULTS_DEFAULT): void {
  const search = resultsSearch(q);
  if (search) prefetchAdminPackages({ q: search, page: 1, pageSize: limit });
}

export function PackageResults({ q, limit = PACKAGE_RESULTS_DEFAULT }: PackageResultsProps) {
  const search = resultsSearch(q);
  const packages = useAdminPackages(search ? { q: search, page: 1, pageSize: limit } : null);
  const data = search ? packages.data : undefined;
  if (!search || !data) return null;
  return (
    <Card className="p-4" aria-busy={packages.isFetching}>
      <section aria-labelledby="package-results-heading" className="space-y-2">
        <h2 id="package-results-heading" className="flex flex-wrap items-center gap-2 text-base font-semibold text-ink">
          <Package className="h-5 w-5 text-primary" aria-hidden="true" />
          Paquetes que coinciden
          <span className="font-normal text-muted">({packagesCountText(data.total)})</span>
        </h2>
        {data.packages.length === 0 ? (
          <p className="text-sm text-muted">Ningún paquete coincide con la búsqueda.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {data.packages.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <span className="font-mono text-sm font-semibold break-all text-ink">{p.trackingCode}</span>
                <Badge tone={STATUS_TONES[p.estado]}>{trackingStatusLabel(p.estado, p.origen)}</Badge>
                <Link href={`~/admin?q=${encodeURIComponent(p.clientCode)}`} className="min-w-0 text-sm text-primary underline-offset-2 hover:underline">
                  {p.clientName} <span className="font-mono text-muted">({p.clientCode})</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {data.total > data.packages.length ? (
          <Link href={`~/admin/paquetes?q=${encodeURIComponent(search)}`} className="inline-block text-sm font-medium text-primary underline underline-offset-2">
            Ver los {packagesCountText(data.total)} en Paquetes
          </Link>
        ) : null}
      </section>
    </Card>
  );
}
