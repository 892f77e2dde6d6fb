// Inicio (/): the visitor's first page, loaded with the app shell. The hero and the services
// come in the first download; the rest of the page is a chunk fetched on the way down.

import { lazy } from "react";
import { DeferredSection } from "../features/marketing/deferred-section";
import { HomeHero } from "../features/marketing/home-hero";
import { ServicesGrid } from "../features/marketing/services-grid";
import { PartsTeaserSheet } from "../features/parts-assistant/parts-teaser-sheet";
import { brand } from "../lib/brand";
import { usePageMeta } from "../lib/use-page-meta";

const HomeBelowFold = lazy(() => import("../features/marketing/home-below-fold"));

export default function HomePage() {
  usePageMeta(
    `${brand.name} | Courier y casillero en Miami para Costa Rica`,
    "Casillero en Miami, envíos aéreos por gramo y marítimos por pie cúbico desde Estados Unidos y China, compras asistidas e importación de repuestos con entrega puerta a puerta en todo Costa Rica.",
  );
  return (
    <>
      <HomeHero />
      <ServicesGrid partsAssistant={<PartsTeaserSheet />} />
      <DeferredSection>
        <HomeBelowFold />
      </DeferredSection>
    </>
  );
}
