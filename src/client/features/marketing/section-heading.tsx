// A section's title block: a small orange label, the h2 and an optional lead line.

import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: "center" | "left";
  tone?: "light" | "dark";
}

export function SectionHeading({ id, eyebrow, title, children, align = "center", tone = "light" }: SectionHeadingProps) {
  const dark = tone === "dark";
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center")}>
      {eyebrow ? (
        <p className={cn("text-sm font-semibold tracking-wide uppercase", dark ? "text-orange-300" : "text-orange-800")}>
          {eyebrow}
        </p>
      ) : null}
      <h2 id={id} className={cn("mt-2 text-2xl font-bold tracking-tight sm:text-3xl", dark ? "text-white" : "text-ink")}>
        {title}
      </h2>
      {children ? (
        <p className={cn("mt-3 text-lg leading-relaxed", dark ? "text-slate-200" : "text-muted")}>{children}</p>
      ) : null}
    </div>
  );
}
