// The app: data cache, chrome, routes and the notification area. Every page but the home
// page is its own chunk, so a visitor's first load carries only the shell and Inicio (and
// never the admin code).

import { lazy, Suspense } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Route, Switch, useLocation } from "wouter";
import { PageErrorBoundary } from "./components/error-boundary";
import { Layout } from "./components/layout/layout";
import { Toaster } from "./components/ui/toast";
import { queryClient } from "./lib/query-client";
import HomePage from "./pages/home";

const CalculadoraPage = lazy(() => import("./pages/calculadora"));
const RepuestosPage = lazy(() => import("./pages/repuestos"));
const RastreoPage = lazy(() => import("./pages/rastreo"));
const AvisosTrackingPage = lazy(() => import("./pages/avisos-tracking"));
const ServiciosPage = lazy(() => import("./pages/servicios"));
const SobreNosotrosPage = lazy(() => import("./pages/sobre-nosotros"));
const FaqPage = lazy(() => import("./pages/faq"));
const ContactoPage = lazy(() => import("./pages/contacto"));
const TrackingWhatsappPage = lazy(() => import("./pages/tracking-whatsapp"));
const AdminPage = lazy(() => import("./pages/admin"));
const AdminTrackingPage = lazy(() => import("./pages/admin-tracking"));
const NotFoundPage = lazy(() => import("./pages/not-found"));

function PageLoading() {
  return (
    <div role="status" className="mx-auto flex max-w-7xl justify-center px-4 py-24">
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
          <Route path="/" component={HomePage} />
          <Route path="/calculadora" component={CalculadoraPage} />
          <Route path="/repuestos" component={RepuestosPage} />
          <Route path="/rastreo" component={RastreoPage} />
          <Route path="/avisos-tracking" component={AvisosTrackingPage} />
          <Route path="/servicios" component={ServiciosPage} />
          <Route path="/sobre-nosotros" component={SobreNosotrosPage} />
          <Route path="/faq" component={FaqPage} />
          <Route path="/contacto" component={ContactoPage} />
          <Route path="/tracking-whatsapp" component={TrackingWhatsappPage} />
          <Route path="/admin" component={AdminPage} />
          <Route path="/admin/tracking" component={AdminTrackingPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </PageErrorBoundary>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Layout>
        <AppRoutes />
      </Layout>
      <Toaster />
    </QueryClientProvider>
  );
}
