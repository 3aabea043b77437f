import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/ui/spinner.tsx';
import { ProtectedRoute } from './guards/protected-route.tsx';
import { RouteRules } from './guards/route-rules.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { startEarly } from '../lib/early-get.ts';
import { ROUTES, type RouteDef } from './routes.ts';

/** What the shell itself reads on every page: the bell's count and the closure banner (decision 0761). */
const SHELL_EARLY = ['/notifications/unread-count', '/company-data/closure'];

/**
 * The pages that run without TanStack Query: /auth's first load leaves it out (decision 0700).
 * Every other page gets the app's one query cache around it, loaded with its code.
 */
const WITHOUT_QUERY = new Set(['/auth', '/email-confirmed']);
type Provider = ComponentType<{ children: ReactNode }>;
const queryProviderFor = async (path: string): Promise<Provider | null> =>
  WITHOUT_QUERY.has(path) ? null : (await import('../lib/query-provider.tsx')).WithQuery;
const withProvider = (Provider: Provider, Inner: ComponentType) => () => (
  <Provider>
    <Inner />
  </Provider>
);

function toRoute(def: RouteDef): RouteObject {
  return {
    path: def.path,
    handle: { title: def.title },
    lazy: async () => {
      if (firstLoad) startEarly(def.early);
      // Pages of the shell get TanStack Query from the shell's own route, below.
      const [{ default: Page, firstViewReady }, WithQuery] = await Promise.all([def.page(), def.layout === 'focus' ? queryProviderFor(def.path) : null]);
      await firstViewReady?.();
      const Wrapped = WithQuery ? withProvider(WithQuery, Page) : Page;
      if (!Array.isArray(def.access)) return { Component: Wrapped };
      const keys = def.access;
      // The guard, the access-denied screen and the not-found page stay out of the entry chunk.
      const [{ PermissionGuard }, { NotFoundPage }] = await Promise.all([
        import('./guards/permission-guard.tsx'),
        import('./not-found-page.tsx'),
      ]);
      const fallback = def.deniedAs === 'not-found' ? <NotFoundPage /> : undefined;
      return {
        // biome-ignore lint/correctness/noComponentHookFactories: a route's lazy() builds its component once per route, on first load (React Router's lazy route API)
        Component: () => (
          <PermissionGuard keys={keys} fallback={fallback}>
            <Wrapped />
          </PermissionGuard>
        ),
      };
    },
  };
}

const byAccessAndLayout = (access: 'public' | 'private', layout: RouteDef['layout']) =>
  ROUTES.filter((r) => (r.access === 'public') === (access === 'public') && r.layout === layout).map(toRoute);

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: () => <FullScreenSpinner label="Carregando página..." />,
    children: [
      {
        Component: RouteRules,
        children: [
          ...byAccessAndLayout('public', 'focus'),
          {
            Component: ProtectedRoute,
            children: [
              ...byAccessAndLayout('private', 'focus'),
              {
                lazy: async () => {
                  if (firstLoad) startEarly(SHELL_EARLY);
                  const [{ AppShell }, WithQuery] = await Promise.all([import('./layouts/app-shell.tsx'), queryProviderFor('')]);
                  return { Component: withProvider(WithQuery!, AppShell) };
                },
                children: byAccessAndLayout('private', 'shell'),
              },
            ],
          },
          {
            path: '*',
            handle: { title: 'Página não encontrada' },
            lazy: async () => ({ Component: (await import('./not-found-page.tsx')).NotFoundPage }),
          },
        ],
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;
/**
 * The first data is asked early on the document's first load only (decision 0761): on a later
 * navigation the page's queries may already be in the cache, and an unread early answer would only age.
 */
let firstLoad = true;
export const createRouter = (): AppRouter => {
  const router = createBrowserRouter(routes);
  if (router.state.initialized) firstLoad = false;
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      firstLoad = false;
      stop();
    });
  }
  return router;
};

/**
 * Loads the code of the routes a path matches before the router is made, so its first render is
 * the page itself, not the HydrateFallback: what a prerendered page needs to hydrate (decision 0636).
 */
export async function loadRoutesOf(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
