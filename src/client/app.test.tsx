// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppRoutes } from "./app";
import { Layout } from "./components/layout/layout";
import { loadNavigationMenu } from "./components/ui/navigation-menu";
import { brand } from "./lib/brand";
import { costaRicaYear } from "../shared/domain/dates";

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  // Pages that load or send data need the query client, as App gives them; a fresh one per test.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>
        <Layout>
          <AppRoutes />
        </Layout>
      </Router>
    </QueryClientProvider>,
  );
  return { ...view, location };
}

async function seriousViolations(): Promise<string[]> {
  // jsdom cannot paint, so colour contrast is checked by hand in the theme, not here.
  const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`);
}

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

describe("routes", () => {
  it.each([
    ["/calculadora", "Cotiza tu Envío"],
    ["/repuestos", "Repuestos IA"],
    ["/rastreo", "Rastreo de Paquetes"],
    ["/avisos-tracking", "Inscripción"],
    ["/servicios", "Nuestros Servicios"],
    ["/sobre-nosotros", "Sobre Nosotros"],
    ["/faq", "Preguntas Frecuentes"],
    ["/contacto", "Contáctanos"],
    ["/tracking-whatsapp", "Notificaciones por WhatsApp"],
    ["/impuestos", "Impuestos de importación"],
    ["/admin", "Panel Administrativo"],
    ["/admin/tracking", "Panel Administrativo", "Avisos WhatsApp · Panel Administrativo"],
    ["/admin/mensajes", "Panel Administrativo", "Mensajes de contacto · Panel Administrativo"],
    ["/admin/bandeja-salida", "Panel Administrativo", "Bandeja de salida · Panel Administrativo"],
    ["/admin/conversaciones", "Panel Administrativo", "Conversaciones · Panel Administrativo"],
  ])("%s shows its page '%s' and names the document after it", async (path, heading, title = heading) => {
    renderAt(path);
    // A lazy page's first import can take more than findBy's default second on a busy machine.
    expect(await screen.findByRole("heading", { level: 1, name: heading }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${title} | ${brand.name}`));
    expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).toBeTruthy();
  });

  it("shows the home page without waiting for a download", () => {
    renderAt("/");
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
    expect(document.title).toBe(`${brand.name} | Courier y casillero en Miami para Costa Rica`);
  });

  it("sends the home page's 'Crear Cuenta Gratis' to the registration form, not to the lookup", async () => {
    const { location } = renderAt("/");
    const cta = await screen.findByRole("link", { name: "Crear Cuenta Gratis" });
    fireEvent.click(cta);
    expect(location.history?.at(-1)).toBe("/avisos-tracking");
  });

  it("shows 'Página no encontrada' in Spanish for an unknown address, with a way home", async () => {
    const { location } = renderAt("/no-existe");
    expect(await screen.findByRole("heading", { level: 1, name: "Página no encontrada" })).toBeTruthy();
    expect(screen.queryByText(/Page Not Found/i)).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "Volver al inicio" }));
    expect(location.history?.at(-1)).toBe("/");
  });
});

describe("header", () => {
  // The bar's Radix menu, as a desktop visitor has it once the page is idle (the light bar before
  // it: components/ui/navigation-menu.test.tsx).
  beforeAll(() => loadNavigationMenu());

  it("has the spec's desktop bar: three links, three dropdowns and two buttons", () => {
    renderAt("/");
    const nav = screen.getByRole("navigation", { name: "Principal" });
    for (const name of ["Inicio", "Calculadora", "Repuestos IA"]) expect(within(nav).getByRole("link", { name })).toBeTruthy();
    for (const name of ["Rastreo", "Empresa", "Ayuda"]) expect(within(nav).getByRole("button", { name })).toBeTruthy();
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: "Cotizar" }).getAttribute("href")).toBe("/calculadora");
    expect(within(header).getByRole("link", { name: "Abrir Casillero" }).getAttribute("href")).toBe("/avisos-tracking");
    expect(within(header).getByRole("link", { name: brand.name }).getAttribute("href")).toBe("/");
  });

  it("marks the current page's link, and only it", () => {
    renderAt("/calculadora");
    const nav = screen.getByRole("navigation", { name: "Principal" });
    expect(within(nav).getByRole("link", { name: "Calculadora" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Inicio" }).getAttribute("aria-current")).toBeNull();
  });

  it("highlights the dropdown holding the current page and marks its link inside", async () => {
    renderAt("/sobre-nosotros");
    const nav = screen.getByRole("navigation", { name: "Principal" });
    const empresa = within(nav).getByRole("button", { name: "Empresa" });
    expect(empresa.getAttribute("aria-current")).toBe("true");
    expect(within(nav).getByRole("button", { name: "Ayuda" }).getAttribute("aria-current")).toBeNull();

    fireEvent.click(empresa);
    const current = await within(nav).findByRole("link", { name: "Sobre Nosotros" });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Servicios" }).getAttribute("aria-current")).toBeNull();
  });

  it("follows a dropdown link and closes the dropdown", async () => {
    const { location } = renderAt("/");
    const nav = screen.getByRole("navigation", { name: "Principal" });
    fireEvent.click(within(nav).getByRole("button", { name: "Rastreo" }));
    fireEvent.click(await within(nav).findByRole("link", { name: "Inscripción" }));
    expect(location.history?.at(-1)).toBe("/avisos-tracking");
    await waitFor(() => expect(within(nav).queryByRole("link", { name: "Inscripción" })).toBeNull());
  });
});

describe("mobile menu", () => {
  it("lists the nine links, the locker button and the tagline, and closes when a link is followed", async () => {
    const { location } = renderAt("/faq");
    fireEvent.click(screen.getByRole("button", { name: "Abrir menú" }));
    const sheet = await screen.findByRole("dialog", { name: "Menú" });
    const links = within(within(sheet).getByRole("navigation")).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Inicio",
      "Calculadora",
      "Repuestos IA",
      "Rastreo",
      "Inscripción",
      "Servicios",
      "Sobre Nosotros",
      "FAQ",
      "Contacto",
    ]);
    expect(within(sheet).getByRole("link", { name: "FAQ" }).getAttribute("aria-current")).toBe("page");
    expect(within(sheet).getByRole("link", { name: "Abrir Casillero" }).getAttribute("href")).toBe("/avisos-tracking");
    expect(within(sheet).getByText("Tu socio de importación")).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);

    fireEvent.click(within(sheet).getByRole("link", { name: "Servicios" }));
    expect(location.history?.at(-1)).toBe("/servicios");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("footer and WhatsApp button", () => {
  it("carries quick links, contact facts, hours, social links and the copyright line", () => {
    renderAt("/");
    const footer = screen.getByRole("contentinfo");
    const quick = within(footer).getByRole("navigation", { name: "Enlaces rápidos" });
    expect(within(quick).getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Inicio",
      "Servicios",
      "Sobre Nosotros",
      "Rastreo",
      "FAQ",
      "Contacto",
    ]);
    expect(within(footer).getByText(brand.addressLine)).toBeTruthy();
    expect(within(footer).getByRole("link", { name: brand.phoneDisplay }).getAttribute("href")).toMatch(/^tel:\+?\d+$/);
    expect(within(footer).getByText("Lunes a Viernes: 8:00 AM - 5:00 PM")).toBeTruthy();
    expect(within(footer).getByText("Sábado: 8:00 AM - 3:00 PM")).toBeTruthy();
    expect(within(footer).getByRole("link", { name: "Facebook" }).getAttribute("href")).toBe(brand.social.facebook);
    expect(within(footer).getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toBe(brand.social.whatsapp);
    // LinkedIn has no address in the spec: shown, but not a link.
    expect(within(footer).queryByRole("link", { name: /LinkedIn/ })).toBeNull();
    expect(within(footer).getByRole("img", { name: /LinkedIn/ })).toBeTruthy();
    // The year of the day shown, in Costa Rica: never a year stuck in the code.
    expect(within(footer).getByText(`© ${costaRicaYear(new Date())} Express Import. Todos los derechos reservados.`)).toBeTruthy();
  });

  it("links the WhatsApp tracking notices (/tracking-whatsapp) from the footer of every page and from /rastreo", async () => {
    renderAt("/rastreo");
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Avisos de tracking por WhatsApp" }).getAttribute("href")).toBe("/tracking-whatsapp");
    const main = screen.getByRole("main");
    expect((await within(main).findByRole("link", { name: "Recibe avisos por WhatsApp" })).getAttribute("href")).toBe("/tracking-whatsapp");
  });

  it("opens the global tracker from /rastreo's 'Rastreo Global' tab in a new tab with the number, and only with one", async () => {
    const open = vi.fn<typeof window.open>(() => null);
    vi.stubGlobal("open", open);
    renderAt("/rastreo");
    // Radix tabs switch on the primary button's press.
    fireEvent.mouseDown(await screen.findByRole("tab", { name: "Rastreo Global" }), { button: 0 });
    const submit = (await screen.findByRole("button", { name: "Rastrear" })) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Número de tracking"), { target: { value: "   " } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Número de tracking"), { target: { value: " 9400 1118/99 " } });
    fireEvent.click(submit);
    expect(open.mock.calls.map(([url, target]) => `${target} ${url}`)).toEqual(["_blank https://parcelsapp.com/es/tracking/9400%201118%2F99"]);
    vi.unstubAllGlobals();
  });

  it("opens a WhatsApp purchase chat in a new tab on public pages, not in the admin", async () => {
    renderAt("/");
    const button = screen.getByRole("link", { name: "Escríbenos por WhatsApp" });
    const href = new URL(button.getAttribute("href") ?? "");
    expect(href.origin + href.pathname).toBe(`https://wa.me/${brand.whatsapp}`);
    expect(href.searchParams.get("text")).toMatch(/compra/);
    expect(button.getAttribute("target")).toBe("_blank");
    expect(button.getAttribute("rel")).toContain("noopener");
    cleanup();

    renderAt("/admin");
    await screen.findByRole("heading", { level: 1, name: "Panel Administrativo" });
    expect(screen.queryByRole("link", { name: "Escríbenos por WhatsApp" })).toBeNull();
  });
});

describe("accessibility", () => {
  it.each(["/", "/calculadora", "/no-existe"])("%s has no serious axe violations", async (path) => {
    renderAt(path);
    await screen.findByRole("heading", { level: 1 });
    await act(async () => {});
    expect(await seriousViolations()).toEqual([]);
  });
});
