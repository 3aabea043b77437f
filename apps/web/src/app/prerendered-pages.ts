import { INVITATION_TOKEN_PATTERN } from '@sede/shared/invitations';

/**
 * The public pages whose first view is written at build time (decision 0636). The server answers
 * an address with a page's HTML when the path matches `path` (`:name` is one segment) and the
 * query holds exactly what `params` allows: a value must be equal, '*' any non-empty value,
 * '/…/' match that pattern, '?' optional; any other parameter, and the app renders in the browser as before. `url` is the
 * address rendered, `modules` the sources it shows (their chunks are preloaded with the HTML).
 * `whenIdle`: a page usable from its HTML alone (its forms, tabs and buttons are kept by
 * app/early-input.ts) loads no script of the app before the browser is idle, only
 * src/hydrate-when-idle.ts, which then loads and hydrates it (decision 0758).
 */
export type PrerenderedPage = { name: string; url: string; path: string; params: Record<string, string>; modules: string[]; whenIdle?: boolean };

export const PRERENDERED_PAGES: PrerenderedPage[] = [
  { name: 'auth', url: '/auth', path: '/auth', params: { email_confirmed: '?' }, modules: ['src/features/auth/pages/auth-page.tsx'], whenIdle: true },
  {
    name: 'auth-reset',
    url: '/auth?reset=true&token=prerendered',
    path: '/auth',
    params: { reset: 'true', token: '*' },
    modules: ['src/features/auth/pages/auth-page.tsx', 'src/features/auth/components/new-password-form.tsx'],
    whenIdle: true,
  },
  {
    name: 'email-confirmed',
    url: '/email-confirmed',
    path: '/email-confirmed',
    params: { access_token: '?', refresh_token: '?', type: '?', next: '?' },
    modules: ['src/features/auth/pages/email-confirmed-page.tsx'],
  },
  // 'Carregando convite...' while the invitation loads; a malformed token shows its error at once.
  {
    name: 'accept-invite',
    url: '/accept-invite?token=prerenderedprerenderedprerendered',
    path: '/accept-invite',
    params: { token: `/${INVITATION_TOKEN_PATTERN.source}/`, email: '?' },
    modules: ['src/features/invitations/pages/accept-invite-page.tsx'],
  },
  // The payment and signing pages paint their frame and 'Carregando…' while the link is read.
  { name: 'pagar', url: '/pagar/prerendered', path: '/pagar/:token', params: {}, modules: ['src/features/payment-page/pages/payment-page.tsx'] },
];
