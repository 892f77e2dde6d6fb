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

/** A name as shown: its hyphens do not break (U+2011), so "Castro-Montenegro" stays one word; the copy keeps the plain hyphen. */
const unbrokenHyphens = (text: string) => text.replace(/-/g, "\u2011");

function AddressLines({ lines, mode }: { lines: Line[]; mode: string }) {
  return (
    <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {lines.map((line) => (
        <div key={line.label} className="px-3 py-2">
          <dt className="text-xs font-medium text-muted">
            {line.label} <span className="font-normal">({line.storeField})</span>
          </dt>
          <dd className="flex items-center justify-between gap-3">
            {/* Wrapped between words, never cut (a long last name would hide the client code at its
                end) and never inside a word, a compound surname's hyphen included, unless one word
                is wider than the line; the code moves to the next line whole (issue 36 item 5). */}
            <span className="min-w-0 font-semibold break-words text-ink">
              {line.code && line.value.endsWith(line.code) ? (
                <>
                  {unbrokenHyphens(line.value.slice(0, line.value.length - line.code.length))}
                  <span className="whitespace-nowrap" data-testid="miami-code">
                    {line.code}
                  </span>
                </>
              ) : line.label === "Nombre" ? (
                unbrokenHyphens(line.value)
              ) : (
                line.value
              )}
            </span>
            <button
              type="button"
              onClick={() => void copyText(line.value, { description: `${line.label} (${mode}) copiado al portapapeles` })}
              aria-label={`Copiar ${line.label.toLowerCase()} (${mode})`}
              className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-primary hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              <Copy className="h-4 w-4" aria-hidden="true" />
            </button>
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
