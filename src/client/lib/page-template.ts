// The page HTML a prerendered page is served as: the build's index.html with the page's markup,
// title and description (entry-server.tsx, for the build and for a rebranded server alike).

export interface PrerenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  title?: string;
  description?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * index.html with the page's markup in #root and its title and description in the head. The
 * page paints without its scripts now, so the entry script is fetched at low priority: it no
 * longer competes with the style sheet and the pictures of the first paint (the server marks
 * the page's chunk preloads the same way, static-site.ts).
 */
export function fillTemplate(template: string, page: PrerenderedPage): string {
  const rootTag = '<div id="root"></div>';
  if (!template.includes(rootTag)) throw new Error(`index.html has no empty ${rootTag}`);
  let html = template.replace(rootTag, () => `<div id="root">${page.html}</div>`);
  html = html.replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ');
  if (page.title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title!)}</title>`);
  if (page.description) {
    html = html.replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, (_m, open: string, close: string) => open + escapeHtml(page.description!) + close);
  }
  return html;
}
