// 'Clientes registrados': 'Nuevo cliente', one server page of client cards, the spec's empty
// states, paging, and the bar for changing several selected packages at once.

import { Users } from "lucide-react";
import { Card } from "../../../components/ui/card";
import { NO_CLIENTS_MATCH, NO_CLIENTS_YET, type TAdminClientsResponse } from "../../../../shared/api/admin/clients";
import { Pagination } from "../../../components/ui/pagination";
import { ClientCard, type ClientCardProps } from "./client-card";
import { NewClientButton } from "./client-dialogs";

export interface ClientsListProps {
  data: TAdminClientsResponse | undefined;
  loading: boolean;
  failed: boolean;
  filtering: boolean;
  rate: number;
  onPage: (page: number) => void;
  renderTrackings: ClientCardProps["renderTrackings"];
}

export function ClientsList({ data, loading, failed, filtering, rate, onPage, renderTrackings }: ClientsListProps) {
  return (
    <section aria-labelledby="clients-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="clients-heading" className="flex items-center gap-2 text-xl font-bold text-ink">
          <Users className="h-6 w-6 text-primary" aria-hidden="true" />
          Clientes registrados
          {data ? <span className="text-base font-normal text-muted">({data.filteredTotal})</span> : null}
        </h2>
        <NewClientButton />
      </div>
      {failed && !data ? (
        <Card className="p-8 text-center text-destructive-hover">Error al cargar clientes. Verifica tu contraseña de administrador.</Card>
      ) : !data ? (
        <Card className="p-8 text-center text-muted" role="status">
          Cargando clientes…
        </Card>
      ) : data.clients.length === 0 ? (
        <Card className="p-8 text-center text-muted">{filtering ? NO_CLIENTS_MATCH : NO_CLIENTS_YET}</Card>
      ) : (
        <div className={loading ? "space-y-4 opacity-60 transition-opacity" : "space-y-4"} aria-busy={loading}>
          {data.clients.map((client) => (
            <ClientCard key={client.id} client={client} rate={rate} messaging={data.messaging} filtering={filtering} renderTrackings={renderTrackings} />
          ))}
        </div>
      )}
      {data ? <Pagination page={data.page} pageSize={data.pageSize} total={data.filteredTotal} onPage={onPage} label="Páginas de clientes" /> : null}
    </section>
  );
}
