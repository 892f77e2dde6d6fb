// Each page names itself: the document title and the meta description search engines and
// link previews show.

import { useEffect } from "react";
import { brand } from "./brand";

/** "Cotiza tu Envío" → "Cotiza tu Envío | Express Import". */
export function pageTitle(name: string): string {
  return `${name} | ${brand.name}`;
}

export function usePageMeta(title: string, description: string): void {
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
