// 'Historial' of a client's AI parts searches: date, vehicle brand, model and year, and the part
// searched or its description or 'No especificado'.

import { DialogContent } from "../../../components/ui/dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { NO_SEARCHES_YET, partsSearchSubject, type TSearchQuotaRow } from "../../../../shared/api/admin/search-quota";
import { formatDateTime } from "../../../../shared/domain/format";
import { usePartsSearchHistory } from "./api";

export function SearchHistoryDialog({ client }: { client: TSearchQuotaRow }) {
  const { data, isPending, isError } = usePartsSearchHistory(client.clientCode, true);
  return (
    <DialogContent title="Historial de búsquedas" description={`${client.nombre} (${client.clientCode})`} className="max-w-3xl">
      {isPending ? (
        <p className="text-sm text-muted">Cargando historial…</p>
      ) : isError || !data ? (
        <p className="text-sm text-destructive-hover">Error al cargar historial</p>
      ) : data.history.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">{NO_SEARCHES_YET}</p>
      ) : (
        <Table>
          <TableHeader>
            <tr>
              <TableHead>Fecha</TableHead>
              <TableHead>Vehículo</TableHead>
              <TableHead>Repuesto</TableHead>
            </tr>
          </TableHeader>
          <TableBody>
            {data.history.map((h) => (
              <TableRow key={h.id}>
                <TableCell className="whitespace-nowrap">{formatDateTime(h.createdAt)}</TableCell>
                <TableCell>
                  {h.marca} {h.modelo} {h.anio}
                </TableCell>
                <TableCell>{partsSearchSubject(h)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DialogContent>
  );
}
