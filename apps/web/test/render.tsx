import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { computePermissions } from '@sede/shared/permissions';
import type { ViewerCompany } from '@sede/shared/viewer';
import { AuthContext, type AuthState } from '../src/lib/session/auth-provider.tsx';

/**
 * The web's test kit (decision 0436): a component under the app's providers (React Query without
 * retries, the router at a URL, the signed-in person's state, the toasts) and a typed fake API
 * in place of a hand-stubbed `fetch`.
 */

export const testCompany = (over: Partial<ViewerCompany> = {}): ViewerCompany => ({
  id: 'co1',
  name: 'Padaria Aurora',
  cnpj: '98765432000198',
  fantasia: null,
  situacao: 'ATIVA',
  atividade_principal: null,
  onboarding_completed: true,
  onboarding_areas: [],
  plan_type: 'free',
  currency_amount: 100,
  subscription_status: 'active',
  trial_ends_at: null,
  ...over,
});

/** A signed-in member of a company (admin unless `role` says otherwise), typed as the app's auth state. */
export function fakeAuth({ role = 'admin', company = {}, ...over }: Partial<Omit<AuthState, 'company'>> & { role?: string; company?: Partial<ViewerCompany> | null } = {}): AuthState {
  const membership = over.membership ?? { role, customPermissions: [] };
  return {
    session: { userId: 'me' },
    user: { id: 'me', email: 'ana@exemplo.com', emailVerified: true, firstName: 'Ana', lastName: 'Souza', image: null },
    profile: null,
    company: company === null ? null : testCompany(company),
    membership,
    permissions: computePermissions(membership),
    permissionsLoading: false,
    isAuthenticated: true,
    isLoading: false,
    isProfileLoading: false,
    error: null,
    refresh: async () => null,
    signOut: async () => {},
    ...over,
  };
}

export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Answer = ((call: ApiCall) => unknown) | object | string | number | boolean | null;
type Route = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;
const STATUS = Symbol('status');
/** An answer with a status other than 200 (an error the API would give). */
export const status = (code: number, body: unknown) => ({ [STATUS]: code, body });
const isStatus = (v: unknown): v is { [STATUS]: number; body: unknown } => typeof v === 'object' && v !== null && STATUS in v;

/**
 * A fake of our API for one test: `fakeApi({ 'GET /finance/accounts': { accounts: [] }, 'POST /finance/entries': (call) => … })`.
 * Paths are matched without the query (`/api` prefix left out); a path with `*` matches one segment.
 * Every call is recorded; a call to a route the test did not declare answers 404 and is recorded
 * in `unexpected`, so a test can assert nothing else was asked.
 */
export function fakeApi(routes: Partial<Record<Route, Answer>>) {
  const calls: ApiCall[] = [];
  const unexpected: ApiCall[] = [];
  const table = Object.entries(routes).map(([key, answer]) => {
    const [method, path] = key.split(' ') as [string, string];
    const pattern = new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]+')}$`);
    return { method, pattern, answer };
  });
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://sede.test');
    const call: ApiCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init.body === 'string' && init.body ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const route = table.find((r) => r.method === call.method && r.pattern.test(call.path));
    if (!route) {
      unexpected.push(call);
      return Response.json({ error: 'Rota não encontrada', code: 'NOT_FOUND' }, { status: 404 });
    }
    const value = typeof route.answer === 'function' ? await (route.answer as (c: ApiCall) => unknown)(call) : route.answer;
    if (isStatus(value)) return Response.json(value.body, { status: value[STATUS] });
    return Response.json(value ?? null);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    unexpected,
    /** The calls to one route (`'POST /finance/entries'`). */
    callsTo: (key: Route) => {
      const [method, path] = key.split(' ');
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
}

function Providers({ queryClient, auth, route, children }: { queryClient: QueryClient; auth: AuthState; route: string; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthContext value={auth}>
        <MemoryRouter initialEntries={[route]}>
          {children}
          <Toaster />
        </MemoryRouter>
      </AuthContext>
    </QueryClientProvider>
  );
}

/** Renders `ui` under the app's providers; `route` is the URL the router starts at. */
export function renderWithProviders(ui: ReactElement, { route = '/', auth = fakeAuth(), ...options }: { route?: string; auth?: AuthState } & Omit<RenderOptions, 'wrapper'> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => Providers({ queryClient, auth, route, children });
  return { user: userEvent.setup(), queryClient, ...render(ui, { wrapper, ...options }) };
}
