// Radix Accordion wrapped once: each question is a button in a heading (the level is the
// caller's, so the page outline stays right), with a chevron that turns when open.

import type { ReactNode } from "react";
import { Accordion as Primitive } from "radix-ui";
import { ChevronDown } from "lucide-react";
import { cn } from "../../lib/cn";

export const Accordion = Primitive.Root;

export function AccordionItem({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  return (
    <Primitive.Item value={value} className={cn("border-b border-slate-200 last:border-b-0", className)}>
      {children}
    </Primitive.Item>
  );
}

export function AccordionTrigger({
  level = 3,
  className,
  children,
}: {
  level?: 2 | 3 | 4;
  className?: string;
  children: ReactNode;
}) {
  const Heading = `h${level}` as const;
  return (
    <Primitive.Header asChild>
      <Heading className="m-0">
        <Primitive.Trigger
          className={cn(
            "group flex w-full items-center justify-between gap-4 py-4 text-left text-base font-semibold text-ink hover:text-primary",
            "rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
            className,
          )}
        >
          {children}
          <ChevronDown
            className="h-5 w-5 shrink-0 text-primary transition-transform duration-200 group-data-[state=open]:rotate-180"
            aria-hidden="true"
          />
        </Primitive.Trigger>
      </Heading>
    </Primitive.Header>
  );
}

/**
 * `inHtml`: the closed answer stays in the page (Radix's forceMount), hidden by its closed state
 * rather than removed: the prerendered HTML then holds every answer, for search engines, reader
 * modes and a browser without scripts.
 */
export function AccordionContent({ className, children, inHtml = false }: { className?: string; children: ReactNode; inHtml?: boolean }) {
  return (
    <Primitive.Content
      forceMount={inHtml ? true : undefined}
      data-in-html={inHtml ? "" : undefined}
      className={cn("pb-4 leading-relaxed text-muted", inHtml && "data-[state=closed]:hidden", className)}
    >
      {children}
    </Primitive.Content>
  );
}

/**
 * Without scripts no question can be opened: every `inHtml` answer is shown instead. Inside
 * <noscript>, so a browser running the page's script never applies it.
 */
export function ShowAnswersWithoutScript() {
  return <noscript dangerouslySetInnerHTML={{ __html: "<style>[data-in-html][data-state=closed]{display:block!important}</style>" }} />;
}
