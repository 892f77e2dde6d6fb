// Calculadora (/calculadora): 'Cotiza tu Envío' — the rate calculator, the AI product assistant
// beside it (below it on phones) and the info box (public-site §2). The page holds the
// calculator's values so the assistant's 'Usar estos datos' can fill them. The assistant (its
// form library and schemas) is a chunk of its own, fetched once the calculator has painted.

import { lazy, useRef } from "react";
import { PageHeader } from "../components/page-header";
import { AfterFirstPaint } from "../components/after-first-paint";
import { toast } from "../components/ui/use-toast";
import { Calculator } from "../features/calculator/calculator";
import { RateInfo } from "../features/calculator/rate-info";
import { useShipmentForm } from "../features/calculator/shipment-form";
import { useExchangeRate } from "../lib/use-exchange-rate";
import { importInSteps } from "../lib/import-in-steps";
import { pageTitle, usePageMeta } from "../lib/use-page-meta";
import type { TProductAnalysis } from "../../shared/api/product-analysis";

const ProductAssistant = lazy(() =>
  importInSteps(
    [() => import("../../shared/api/product-analysis"), () => import("@hookform/resolvers/zod")],
    () => import("../features/product-analysis/product-assistant"),
  ).then((module) => ({ default: module.ProductAssistant })),
);

export default function CalculadoraPage() {
  usePageMeta(
    pageTitle("Cotiza tu Envío"),
    "Calcula cuánto cuesta traer tu compra a Costa Rica: envío aéreo por gramo o marítimo desde Miami o China por pie cúbico.",
  );
  const form = useShipmentForm();
  const exchangeRate = useExchangeRate();
  const calculatorRef = useRef<HTMLElement>(null);

  const applyAnalysis = (analysis: TProductAnalysis) => {
    form.fillFromAnalysis(analysis);
    // On phones the calculator sits above the assistant: bring it back into view.
    calculatorRef.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
    calculatorRef.current?.focus({ preventScroll: true });
    toast({ title: "Datos cargados", description: "Llenamos la calculadora con el peso y las medidas estimadas." });
  };

  return (
    <>
      <PageHeader title="Cotiza tu Envío">
        <p>
          Calcula cuánto cuesta traer tu compra a Costa Rica: el envío aéreo se cobra por gramo y el marítimo, desde Miami o
          China, por pie cúbico.
        </p>
        <p>Si no conoces el peso o las medidas, nuestro asistente con IA los estima a partir de la descripción o el enlace del producto.</p>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl items-start gap-6 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:gap-8">
        <div className="lg:col-start-1 lg:row-start-1">
          <Calculator ref={calculatorRef} form={form} exchangeRate={exchangeRate} />
        </div>
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {/* About the assistant's height, so the info box below does not jump when it arrives. */}
          <AfterFirstPaint minHeight="30rem">
            <ProductAssistant onUse={applyAnalysis} />
          </AfterFirstPaint>
        </div>
        <div className="lg:col-start-1 lg:row-start-2">
          <RateInfo />
        </div>
      </div>
    </>
  );
}
