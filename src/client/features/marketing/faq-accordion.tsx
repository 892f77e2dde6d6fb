// Questions and answers as an accordion: one open at a time, each answer with its figures. Every
// answer is in the page's HTML, and shown when scripts are off (decision 204).

import { Accordion, AccordionContent, AccordionItem, AccordionTrigger, ShowAnswersWithoutScript } from "../../components/ui/accordion";
import type { FaqEntry } from "./faq-content";

export function FaqAccordion({ entries, headingLevel = 3 }: { entries: readonly FaqEntry[]; headingLevel?: 2 | 3 }) {
  return (
    <>
      <ShowAnswersWithoutScript />
      <Accordion type="single" collapsible className="rounded-xl border border-slate-200 bg-white px-5 shadow-sm">
        {entries.map((entry) => (
          <AccordionItem key={entry.id} value={entry.id}>
            <AccordionTrigger level={headingLevel}>{entry.question}</AccordionTrigger>
            <AccordionContent inHtml>
              <div className="grid gap-3">
                {entry.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {entry.list ? (
                  <ul className="grid list-disc gap-1 pl-5">
                    {entry.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </>
  );
}
