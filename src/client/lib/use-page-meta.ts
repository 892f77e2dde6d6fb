// Each page names itself: the document title and the meta description search engines and
// link previews show.

import { useEffect } from "react";
import { brand } from "./brand";

/** "Cotiza tu Envío" → "Cotiza tu Envío | Express Import". */
export function pageTitle(name: string): string {
  return `${name} | ${brand.name}`;
}

let serverMeta: { title?: string; description?: string } = {};

/** The title and description the page rendered at build time named (entry-server.tsx). */
export function takeServerPageMeta(): { title?: string; description?: string } {
  const meta = serverMeta;
  serverMeta = {};
  return meta;
}

export function usePageMeta(title: string, description: string): void {
  // Prerendering runs no effects: the build writes what the page names into its HTML head.
  if (import.meta.env.SSR) serverMeta = { title, description };
  useEffect(() => {
    document.title = title;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement("meta");
      meta.name = "description";
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
