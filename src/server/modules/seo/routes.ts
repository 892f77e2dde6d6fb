// /robots.txt and /sitemap.xml with absolute addresses (PUBLIC_URL, else the request's origin).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";

export const PUBLIC_PATHS = [
  "/",
  "/calculadora",
  "/repuestos",
  "/rastreo",
  "/avisos-tracking",
  "/tracking-whatsapp",
  "/servicios",
  "/sobre-nosotros",
  "/faq",
  "/contacto",
];

export function registerSeoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const origin = (request: FastifyRequest) => ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get("/robots.txt", (request, reply) => {
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=86400");
    return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${origin(request)}/sitemap.xml\n`;
  });

  app.get("/sitemap.xml", (request, reply) => {
    reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=86400");
    const base = origin(request);
    const urls = PUBLIC_PATHS.map((p) => `  <url><loc>${base}${p === "/" ? "/" : p}</loc></url>`).join("\n");
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  });
}
