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

const loadQueryProvider = () => import("./lib/query-provider");

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

/** Every route: the home page is in the first download; the others are chunks of their own. */
const ROUTES: { path: string; page: RoutePage }[] = [
  { path: "/", page: HomePage },
  { path: "/calculadora", page: lazyPage(() => import("./pages/calculadora")) },
  { path: "/repuestos", page: lazyPage(() => import("./pages/repuestos")) },
  { path: "/rastreo", page: lazyPage(() => import("./pages/rastreo")) },
  { path: "/avisos-tracking", page: lazyPage(() => import("./pages/avisos-tracking")) },
  { path: "/servicios", page: lazyPage(() => import("./pages/servicios")) },
  { path: "/sobre-nosotros", page: lazyPage(() => import("./pages/sobre-nosotros")) },
  { path: "/faq", page: lazyPage(() => import("./pages/faq")) },
  { path: "/contacto", page: lazyPage(() => import("./pages/contacto")) },
  { path: "/tracking-whatsapp", page: lazyPage(() => import("./pages/tracking-whatsapp")) },
  { path: "/admin", page: lazyPage(() => import("./pages/admin")) },
  { path: "/admin/tracking", page: lazyPage(() => import("./pages/admin-tracking")) },
];
const NotFoundPage = lazyPage(() => import("./pages/not-found"));

/** Fetches the page of a path (resolves at once for the home page); never rejects. */
export function preloadPage(pathname: string): Promise<void> {
  const page = ROUTES.find((route) => route.path === pathname)?.page ?? NotFoundPage;
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
          {ROUTES.map(({ path, page }) => (
            <Route key={path} path={path} component={page} />
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
