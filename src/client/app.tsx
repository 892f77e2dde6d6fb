// The app: chrome, routes and the notification area. Every page but the home page is its own
// chunk, fetched together with the query client's provider (./lib/query-provider), so a
// visitor's first load carries only the shell and Inicio (never the query library, the dialog
// and toast machinery, the forms or the admin code).

import { createElement, lazy, Suspense, useState, type ComponentType } from "react";
import { Route, Switch, useLocation } from "wouter";
import { PageErrorBoundary } from "./components/error-boundary";
import { Layout } from "./components/layout/layout";
import { DeferredToaster } from "./components/ui/deferred-toaster";
import { ChallengeHost } from "./components/challenge-host";
import HomePage from "./pages/home";
import { pagePathOf, STAFF_PAGE_PATHS, type PagePath, type StaffPagePath } from "../shared/page-routes";

const loadQueryProvider = () => import("./lib/query-provider");
/** The back office: one chunk and one component for all its sections (pages/admin.tsx). */
const adminPage = lazyPage(() => import("./pages/admin"));

type RoutePage = ComponentType & { preload?: () => Promise<unknown> };

/**
 * A page fetched on first visit, wrapped in the query client's provider (fetched alongside).
 * Once fetched it renders directly, without suspending: main.tsx fetches the first page before
 * the first render, so a visitor arriving on it never sees the loading state flash (React holds
 * a revealed fallback for a while before swapping in the content).
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>): RoutePage {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= Promise.all([load(), loadQueryProvider()]).then(
      ([{ default: Page }, { QueryProvider }]) => {
        loaded ??= function PageWithQueries() {
          return (
            <QueryProvider>
              <Page />
            </QueryProvider>
          );
        };
        return { default: loaded };
      },
      (error: unknown) => {
        loading = undefined; // a later visit tries again
        throw error;
      },
    );
    return loading;
  };
  const LazyPage = lazy(preload);
  function Page() {
    // Chosen once per visit of the page: switching between the two later would remount it.
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready) : <LazyPage />;
  }
  return Object.assign(Page, { preload });
}

/**
 * Every page by its path (the list is shared with the build and the server,
 * shared/page-routes.ts): the home page is in the first download; the others are chunks of
 * their own.
 */
const PAGES: Record<PagePath, RoutePage> = {
  "/": HomePage,
  "/calculadora": lazyPage(() => import("./pages/calculadora")),
  "/repuestos": lazyPage(() => import("./pages/repuestos")),
  "/rastreo": lazyPage(() => import("./pages/rastreo")),
  "/avisos-tracking": lazyPage(() => import("./pages/avisos-tracking")),
  "/servicios": lazyPage(() => import("./pages/servicios")),
  "/sobre-nosotros": lazyPage(() => import("./pages/sobre-nosotros")),
  "/faq": lazyPage(() => import("./pages/faq")),
  "/contacto": lazyPage(() => import("./pages/contacto")),
  "/tracking-whatsapp": lazyPage(() => import("./pages/tracking-whatsapp")),
  "/impuestos": lazyPage(() => import("./pages/impuestos")),
  ...(Object.fromEntries(STAFF_PAGE_PATHS.map((path) => [path, adminPage])) as Record<StaffPagePath, RoutePage>),
};
// The back office's sections share one key, so moving between them keeps the application (its
// session, header and cached lists) mounted and changes only the section.
const ROUTES = Object.entries(PAGES).map(([path, page]) => ({ path, page, key: page === adminPage ? "admin" : path }));
const NotFoundPage = lazyPage(() => import("./pages/not-found"));

/** Fetches the page of a path (resolves at once for the home page); never rejects. */
export function preloadPage(pathname: string): Promise<void> {
  const path = pagePathOf(pathname);
  const page = path ? PAGES[path] : NotFoundPage;
  return Promise.resolve(page.preload?.()).then(
    () => undefined,
    () => undefined, // the page's own error boundary shows the failure when it renders
  );
}

// As tall as the screen, so the footer stays below the fold while a page's chunk arrives and
// does not jump down when the page appears (layout shift).
function PageLoading() {
  return (
    <div role="status" className="mx-auto flex min-h-screen max-w-7xl justify-center px-4 py-24">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-primary-soft border-t-primary" aria-hidden="true" />
      <span className="sr-only">Cargando…</span>
    </div>
  );
}

export function AppRoutes() {
  const [location] = useLocation();
  return (
    <PageErrorBoundary resetKey={location}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          {ROUTES.map(({ path, page, key }) => (
            <Route key={key} path={path} component={page} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </PageErrorBoundary>
  );
}

export function App() {
  return (
    <>
      <Layout>
        <AppRoutes />
      </Layout>
      <DeferredToaster />
      <ChallengeHost />
    </>
  );
}
