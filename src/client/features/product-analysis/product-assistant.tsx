// The AI product assistant beside the calculator (public-site §2, §3, §5, §8): a description or
// a product address in, an estimate of weight, sizes and the best mode out, and one click to
// put the estimate in the calculator.

import { useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Sparkles } from "lucide-react";
import {
  ANALYSIS_FAILED,
  ANALYSIS_FAILED_TITLE,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_INFO_REQUIRED,
  PRODUCT_INFO_REQUIRED_TITLE,
  PRODUCT_URL_MAX,
  PRODUCT_ANALYSIS_ROUTE,
  ZProductAnalysisRequestSchema,
  type TProductAnalysis,
  type TProductAnalysisForm,
  type TProductAnalysisRequest,
} from "../../../shared/api/product-analysis";
import { routePath } from "../../../shared/api/contract";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { apiRequest, errorMessageFrom, errorStatusFrom } from "../../lib/api";
import { AnalysisResult } from "./analysis-result";

const EMPTY: TProductAnalysisForm = { description: "", productUrl: "" };

export async function requestProductAnalysis(body: TProductAnalysisRequest): Promise<TProductAnalysis> {
  const res = await apiRequest("POST", routePath(PRODUCT_ANALYSIS_ROUTE), body);
  const answer = PRODUCT_ANALYSIS_ROUTE.responses[200].parse(await res.json());
  if (!answer.success || !answer.analysis) throw new Error(answer.error ?? ANALYSIS_FAILED);
  return answer.analysis;
}

export interface ProductAssistantProps {
  /** Puts the packed estimate in the calculator. */
  onUse(analysis: TProductAnalysis): void;
}

export function ProductAssistant({ onUse }: ProductAssistantProps) {
  const [analysis, setAnalysis] = useState<TProductAnalysis | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TProductAnalysisForm, unknown, TProductAnalysisRequest>({
    resolver: zodResolver(ZProductAnalysisRequestSchema),
    defaultValues: EMPTY,
  });

  // A one-off call with nothing to cache: the form's submitting state is the pending state.
  const onSubmit = async (values: TProductAnalysisRequest) => {
    try {
      setAnalysis(await requestProductAnalysis(values));
    } catch (error) {
      // The server's own words for refusals it explains (bad address, too many analyses); the spec's text otherwise.
      const status = errorStatusFrom(error);
      const explained = status === 400 || status === 429;
      toast({
        variant: "destructive",
        title: ANALYSIS_FAILED_TITLE,
        description: explained ? errorMessageFrom(error, ANALYSIS_FAILED) : ANALYSIS_FAILED,
      });
    }
  };

  // "Both empty" is a toast, as the spec shows it, not a red line under one field.
  const missingInfo = errors.description?.message === PRODUCT_INFO_REQUIRED;
  const onInvalid = (found: FieldErrors<TProductAnalysisForm>) => {
    if (found.description?.message === PRODUCT_INFO_REQUIRED) {
      toast({ variant: "destructive", title: PRODUCT_INFO_REQUIRED_TITLE, description: PRODUCT_INFO_REQUIRED });
    }
  };

  return (
    <Card className="p-5 sm:p-8">
      <section aria-labelledby="asistente-titulo">
        <h2 id="asistente-titulo" className="flex items-center gap-2 text-xl font-semibold text-ink">
          <Sparkles className="h-5 w-5 text-accent-strong" aria-hidden="true" />
          Asistente IA de productos
        </h2>
        <p className="mt-1 text-sm text-muted">
          ¿No sabes cuánto pesa o mide tu compra? Descríbela o pega el enlace del producto y estimamos el peso, las medidas y
          la mejor forma de envío.
        </p>

        <form
          method="post"
          noValidate
          aria-labelledby="asistente-titulo"
          onSubmit={handleSubmit(onSubmit, onInvalid)}
          className="mt-6 grid gap-5"
        >
          <FormField
            id="asistente-descripcion"
            label="Descripción del producto"
            error={missingInfo ? undefined : errors.description?.message}
          >
            {(control) => (
              <Textarea
                {...control}
                {...register("description")}
                rows={3}
                maxLength={PRODUCT_DESCRIPTION_MAX}
                placeholder="Ej.: iPhone 15 Pro Max, zapatos Nike talla 10, licuadora Oster"
              />
            )}
          </FormField>
          <FormField
            id="asistente-url"
            label="URL del producto"
            error={errors.productUrl?.message}
            hint="El enlace de Amazon, eBay, Walmart, Temu, Shein u otra tienda. Basta con la descripción o con el enlace."
          >
            {(control) => (
              <Input
                {...control}
                {...register("productUrl")}
                type="url"
                inputMode="url"
                autoComplete="off"
                maxLength={PRODUCT_URL_MAX}
                placeholder="https://www.amazon.com/..."
              />
            )}
          </FormField>
          <Button type="submit" size="lg" disabled={isSubmitting} className="sm:justify-self-start">
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            {isSubmitting ? "Analizando…" : "Analizar producto"}
          </Button>
        </form>

        <div aria-live="polite">{analysis ? <AnalysisResult analysis={analysis} onUse={() => onUse(analysis)} /> : null}</div>
      </section>
    </Card>
  );
}
