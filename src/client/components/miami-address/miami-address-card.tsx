// The client's Miami mailbox (public-site §2 "Registration" and "Spare-parts assistant"): tabs
// Avión and Barco, each with name, last name, address, city, state, zip and phone, every line
// with its own copy button. Used by the registration success panel and the parts page.

import { Copy, Plane, Ship } from "lucide-react";
import { Card } from "../ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/tabs";
import { brand } from "../../lib/brand";
import { cn } from "../../lib/cn";
import type { MiamiAddress } from "../../../shared/brand";
import { copyText } from "../../lib/copy-text";
import { miamiRecipient } from "./recipient";

export interface MiamiAddressCardProps {
  /** The client's full name as registered. */
  nombre: string;
  clientCode: string;
  className?: string;
}

interface Line {
  label: string;
  /** The field's name in US store forms. */
  storeField: string;
  value: string;
  /** The client code at the end of the value (the last name line), kept whole on its line. */
  code?: string;
}

function linesFor(address: MiamiAddress, nombre: string, clientCode: string): Line[] {
  const { firstName, lastName } = miamiRecipient(nombre, clientCode);
  return [
    { label: "Nombre", storeField: "First Name", value: firstName },
    { label: "Apellido", storeField: "Last Name", value: lastName, code: clientCode },
    { label: "Dirección", storeField: "Address", value: address.address },
    { label: "Ciudad", storeField: "City", value: address.city },
    { label: "Estado", storeField: "State", value: address.state },
    { label: "Código postal", storeField: "ZIP Code", value: address.zip },
    { label: "Teléfono", storeField: "Phone", value: address.phone },
  ];
}

function AddressLines({ lines, mode }: { lines: Line[]; mode: string }) {
  return (
    <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {lines.map((line) => (
        <div key={line.label} className="px-3 py-2">
          {/* The copy button sits on the label's row, so the value has the whole width of the
              line: at 320 px a long last name wraps between its words (or after a compound
              surname's hyphen), never cut, and the client code at its end moves to the next line
              whole (issue 36 item 5). */}
          <dt className="flex items-center justify-between gap-3 text-xs font-medium text-muted">
            <span className="min-w-0">
              {line.label} <span className="font-normal">({line.storeField})</span>
            </span>
            <button
              type="button"
              onClick={() => void copyText(line.value, { description: `${line.label} (${mode}) copiado al portapapeles` })}
              aria-label={`Copiar ${line.label.toLowerCase()} (${mode})`}
              className="-my-1.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-primary hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              <Copy className="h-4 w-4" aria-hidden="true" />
            </button>
          </dt>
          <dd className="font-semibold break-words text-ink" data-testid={line.code ? "miami-last-name" : undefined}>
            {line.code && line.value.endsWith(line.code) ? (
              <>
                {line.value.slice(0, line.value.length - line.code.length)}
                <span className="whitespace-nowrap" data-testid="miami-code">
                  {line.code}
                </span>
              </>
            ) : (
              line.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function MiamiAddressCard({ nombre, clientCode, className }: MiamiAddressCardProps) {
  return (
    <Card className={cn("p-5 sm:p-6", className)}>
      <h2 className="text-lg font-bold text-ink">Tu casillero en Miami</h2>
      <p className="mt-1 text-sm text-muted">
        Usa esta dirección al comprar en tiendas de Estados Unidos. Escribe siempre tu código <span className="font-mono">{clientCode}</span> junto a tu
        nombre para que identifiquemos tus paquetes.
      </p>
      <Tabs defaultValue="air" className="mt-4">
        <TabsList aria-label="Tipo de envío">
          <TabsTrigger value="air">
            <Plane className="h-4 w-4" aria-hidden="true" />
            Avión
          </TabsTrigger>
          <TabsTrigger value="sea">
            <Ship className="h-4 w-4" aria-hidden="true" />
            Barco
          </TabsTrigger>
        </TabsList>
        <TabsContent value="air">
          <AddressLines lines={linesFor(brand.miami.air, nombre, clientCode)} mode="Avión" />
        </TabsContent>
        <TabsContent value="sea">
          <AddressLines lines={linesFor(brand.miami.sea, nombre, clientCode)} mode="Barco" />
        </TabsContent>
      </Tabs>
    </Card>
  );
}
