// The notice page body: benefits, then the form (or its confirmation) beside the steps, the
// status legend and the links.

import { useState } from "react";
import { Card } from "../../components/ui/card";
import type { TAddWhatsappCodesResponse } from "../../../shared/api/whatsapp-entries";
import { EntryBenefits, EntryLinks, EntrySteps, StatusLegend } from "./entry-marketing";
import { EntryConfirmation } from "./entry-confirmation";
import { EntryForm } from "./entry-form";

export function WhatsappEntrySection() {
  const [result, setResult] = useState<TAddWhatsappCodesResponse | null>(null);
  return (
    <>
      <EntryBenefits />
      <section aria-labelledby="registrar-codigos" className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-5">
        <Card className="p-6 sm:p-8 lg:col-span-3">
          <h2 id="registrar-codigos" className={result ? "sr-only" : "mb-6 text-2xl font-bold text-ink"}>
            Registra tus códigos
          </h2>
          {result ? <EntryConfirmation result={result} onAddMore={() => setResult(null)} /> : <EntryForm onAdded={setResult} />}
        </Card>
        <div className="grid content-start gap-6 lg:col-span-2">
          <EntrySteps />
          <StatusLegend />
          <EntryLinks />
        </div>
      </section>
    </>
  );
}
