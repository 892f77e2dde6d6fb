// The opening band of a page: its h1 and a short lead paragraph.

import type { ReactNode } from "react";

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-primary-soft to-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">{title}</h1>
        {children ? <div className="mt-4 max-w-3xl space-y-3 text-lg leading-relaxed text-muted">{children}</div> : null}
      </div>
    </section>
  );
}
