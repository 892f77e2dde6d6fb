// The spare-parts assistant (public-site §2, §4, §8): not verified → verified (code remembered in
// local storage) → search within the monthly quota; 'Cambiar' returns to the start and clears
// results, image and forms. The Miami locker card appears once the client is verified. A code
// handed over by the home page's 'Probar Ahora' panel is verified as the page opens.

import { useState } from "react";
import { toast } from "../../components/ui/use-toast";
import { errorMessageFrom, errorStatusFrom } from "../../lib/api";
import { brand } from "../../lib/brand";
import { MiamiAddressCard } from "../../components/miami-address/miami-address-card";
import type { TVerifiedClient } from "../../../shared/api/clients-verification";
import {
  LIMIT_REACHED_TITLE,
  SEARCH_FAILED_FALLBACK,
  SEARCH_FAILED_TITLE,
  limitReachedMessage,
  type TPartsSearchRequest,
  type TPartsSearchResponse,
} from "../../../shared/api/parts-assistant";
import { limitReachedInfo, searchParts } from "./api";
import { PartResults } from "./part-results";
import { QuotaSummary } from "./quota-summary";
import { PartsSearchForm } from "./search-form";
import { VerifyForm } from "./verify-form";
import { peekHandedOverCode } from "./code-handoff";
import { clearVerifiedCode, storeVerifiedCode } from "./verified-code-storage";

interface Verified {
  clientCode: string;
  client: TVerifiedClient;
}

export function PartsAssistant() {
  const [verified, setVerified] = useState<Verified | null>(null);
  const [answer, setAnswer] = useState<TPartsSearchResponse | null>(null);
  // A new key remounts the forms, so 'Cambiar' leaves no typed value or photo behind.
  const [round, setRound] = useState(0);
  const [handedOver, setHandedOver] = useState(peekHandedOverCode);

  const onVerified = (clientCode: string, client: TVerifiedClient) => {
    storeVerifiedCode(clientCode);
    setVerified({ clientCode, client });
  };

  const onChange = () => {
    clearVerifiedCode();
    setHandedOver(null);
    setVerified(null);
    setAnswer(null);
    setRound((n) => n + 1);
  };

  const onSearch = async (request: TPartsSearchRequest) => {
    try {
      const found = await searchParts(request);
      setAnswer(found);
      setVerified((current) => (current ? { ...current, client: found.clientInfo } : current));
    } catch (error) {
      const quota = limitReachedInfo(error);
      if (quota !== undefined) {
        if (quota) setVerified((current) => (current ? { ...current, client: quota } : current));
        toast({
          variant: "destructive",
          title: LIMIT_REACHED_TITLE,
          description: errorMessageFrom(error, limitReachedMessage(brand.name)),
        });
        return;
      }
      // The server explains what it refuses (a field, too many searches); anything else gets the spec's text.
      const status = errorStatusFrom(error);
      const explained = status === 400 || status === 404 || status === 429;
      toast({
        variant: "destructive",
        title: SEARCH_FAILED_TITLE,
        description: explained ? errorMessageFrom(error, SEARCH_FAILED_FALLBACK) : SEARCH_FAILED_FALLBACK,
      });
    }
  };

  if (!verified) return <VerifyForm key={round} initialCode={handedOver} onVerified={onVerified} />;

  return (
    <div key={round} className="space-y-6">
      <QuotaSummary client={verified.client} clientCode={verified.clientCode} onChange={onChange} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <PartsSearchForm clientCode={verified.clientCode} onSearch={onSearch} />
        <MiamiAddressCard nombre={verified.client.nombre} clientCode={verified.clientCode} className="self-start" />
      </div>
      <div aria-live="polite">{answer ? <PartResults answer={answer} /> : null}</div>
    </div>
  );
}
