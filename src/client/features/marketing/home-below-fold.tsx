// Everything on the home page below the services: its own chunk, fetched as the visitor
// scrolls toward it, so the first download holds only the hero and the services grid.

import { FaqTeaser } from "./faq-teaser";
import { FounderMessage } from "./founder-message";
import { HomeCta } from "./home-cta";
import { HowItWorks } from "./how-it-works";
import { SuccessStories } from "./success-stories";
import { TeamSection } from "./team-section";
import { Testimonials } from "./testimonials";

export default function HomeBelowFold() {
  return (
    <>
      <HowItWorks />
      <TeamSection id="home-equipo" />
      <SuccessStories />
      <Testimonials />
      <FounderMessage />
      <FaqTeaser />
      <HomeCta />
    </>
  );
}
