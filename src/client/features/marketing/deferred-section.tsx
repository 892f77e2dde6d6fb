// Renders a lazily loaded part of a page once the visitor scrolls near it. Until then a
// placeholder of about the expected height keeps the footer from jumping; browsers without
// IntersectionObserver (and tests) get the content at once. Prerendering at build time (no
// window) renders the placeholder, as the browser's first render does.

import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";

export interface DeferredSectionProps {
  children: ReactNode;
  /** Start this far before the placeholder enters the screen. */
  rootMargin?: string;
  minHeight?: string;
}

export function DeferredSection({ children, rootMargin = "800px 0px", minHeight = "100vh" }: DeferredSectionProps) {
  const [visible, setVisible] = useState(
    () => typeof window !== "undefined" && typeof IntersectionObserver === "undefined",
  );
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (visible || !placeholder.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin },
    );
    observer.observe(placeholder.current);
    return () => observer.disconnect();
  }, [visible, rootMargin]);

  const fallback = <div ref={placeholder} style={{ minHeight }} aria-hidden="true" />;
  if (!visible) return fallback;
  return (
    <Suspense fallback={<div style={{ minHeight }} aria-busy="true" />}>{children}</Suspense>
  );
}
