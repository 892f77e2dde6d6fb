// 'Rastreo Global' (public-site §2, §7): any courier's number opens a public multi-carrier
// tracker in a new tab; the button stays disabled while the number is blank.

import { useState, type FormEvent } from "react";
import { ExternalLink, Globe } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { brand } from "../../lib/brand";

/** The tracker's address for a number (trimmed, then encoded). */
export function globalTrackerLink(number: string): string {
  return brand.globalTrackerUrl + encodeURIComponent(number.trim());
}

export function GlobalTracker() {
  const [number, setNumber] = useState("");
  const blank = number.trim() === "";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blank) return;
    window.open(globalTrackerLink(number), "_blank", "noopener,noreferrer");
  }

  return (
    <Card className="p-6">
      <div className="flex items-start gap-3">
        <Globe className="mt-1 h-6 w-6 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <h2 className="text-lg font-bold text-ink">Rastreo Global</h2>
          <p className="mt-1 text-sm text-muted">
            Rastrea cualquier número de guía entre más de 600 transportistas del mundo. El resultado se abre en una
            pestaña nueva, en un sitio de rastreo público.
          </p>
        </div>
      </div>
      <form method="post" noValidate onSubmit={submit} className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField id="numero-global" label="Número de tracking" className="flex-1">
          {(control) => (
            <Input
              {...control}
              value={number}
              onChange={(event) => setNumber(event.target.value)}
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              placeholder="Ej: 9400111899223817577837"
            />
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={blank}>
          <ExternalLink className="h-5 w-5" aria-hidden="true" />
          Rastrear
        </Button>
      </form>
    </Card>
  );
}
