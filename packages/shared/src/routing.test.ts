import { describe, expect, it } from 'vitest';
import { isPublicPath, resolveRedirect, type RoutingInput } from './routing.ts';

type Profile = NonNullable<RoutingInput['profile']>;

const named = { firstName: 'Ana', lastName: 'Souza' };
/** The four kinds of signed-in profile the rules distinguish. */
const NO_COMPANY_NEW: Profile = { companyId: null, onboardingCompleted: false, ...named };
const NO_COMPANY_DONE: Profile = { companyId: null, onboardingCompleted: true, ...named };
const COMPANY_NEW: Profile = { companyId: 'c1', onboardingCompleted: false, ...named };
const COMPANY_DONE: Profile = { companyId: 'c1', onboardingCompleted: true, ...named };

const signedIn = (path: string, profile: Profile | null, extra: Partial<RoutingInput> = {}): RoutingInput => ({
  path,
  isAuthenticated: true,
  profile,
  ...extra,
});

type Row = [rule: string, input: RoutingInput, expected: string | null];

/** Spec §2 "Routing rules after sign-in", bullet by bullet. */
const TABLE: Row[] = [
  // • Not signed in: anything except /auth redirects to /auth.
  ['signed out on / → /auth', { path: '/', isAuthenticated: false, profile: null }, '/auth'],
  ['signed out on /empresa → /auth', { path: '/empresa', isAuthenticated: false, profile: null }, '/auth'],
  ['signed out on /comercial → /auth', { path: '/comercial', isAuthenticated: false, profile: null }, '/auth'],
  ['signed out on /company-setup (no token) → /auth', { path: '/company-setup', isAuthenticated: false, profile: null }, '/auth'],
  ['signed out on /auth stays', { path: '/auth', isAuthenticated: false, profile: null }, null],
  // Public routes of §2 have no guard.
  ['signed out on /email-confirmed stays', { path: '/email-confirmed', isAuthenticated: false, profile: null }, null],
  ['signed out on /accept-invite stays', { path: '/accept-invite', isAuthenticated: false, profile: null }, null],
  ['signed out on /team-invite stays', { path: '/team-invite', isAuthenticated: false, profile: null }, null],
  // • /company-setup with an access token in the hash shows 'Processando autenticação...'.
  [
    'signed out on /company-setup with a token in the hash stays (processing)',
    { path: '/company-setup', isAuthenticated: false, profile: null, hasAccessTokenInHash: true },
    null,
  ],

  // • Signed in with a token in the hash: no company + onboarding not completed → /company-setup; a company → /empresa.
  ['token, no company, onboarding not done → /company-setup', signedIn('/company-setup', NO_COMPANY_NEW, { hasAccessTokenInHash: true }), '/company-setup'],
  ['token on / , no company, onboarding not done → /company-setup', signedIn('/', NO_COMPANY_NEW, { hasAccessTokenInHash: true }), '/company-setup'],
  ['token, company → /empresa', signedIn('/company-setup', COMPANY_DONE, { hasAccessTokenInHash: true }), '/empresa'],
  ['token, company with onboarding not done → /empresa', signedIn('/auth', COMPANY_NEW, { hasAccessTokenInHash: true }), '/empresa'],
  // (no company, onboarding done: the "without a company and with onboarding done" bullet)
  ['token, no company, onboarding done → /company-welcome', signedIn('/company-setup', NO_COMPANY_DONE, { hasAccessTokenInHash: true }), '/company-welcome'],

  // • On /auth while signed in.
  ['/auth, no company, onboarding not done → /company-setup', signedIn('/auth', NO_COMPANY_NEW), '/company-setup'],
  ['/auth, company, no first name → /complete-profile', signedIn('/auth', { ...COMPANY_DONE, firstName: null }), '/complete-profile'],
  ['/auth, company, blank last name → /complete-profile', signedIn('/auth', { ...COMPANY_DONE, lastName: '  ' }), '/complete-profile'],
  ['/auth, company → /empresa', signedIn('/auth', COMPANY_DONE), '/empresa'],
  ['/auth, otherwise (no company, onboarding done) → /company-welcome', signedIn('/auth', NO_COMPANY_DONE), '/company-welcome'],

  // • On / with no company and onboarding not done: /company-setup. On / with a company: /empresa.
  ['/, no company, onboarding not done → /company-setup', signedIn('/', NO_COMPANY_NEW), '/company-setup'],
  ['/, company → /empresa', signedIn('/', COMPANY_DONE), '/empresa'],

  // • A company and incomplete onboarding, on /, /auth or /company-setup: /onboarding.
  ['/, company, onboarding not done → /onboarding', signedIn('/', COMPANY_NEW), '/onboarding'],
  ['/auth, company, onboarding not done → /onboarding', signedIn('/auth', COMPANY_NEW), '/onboarding'],
  ['/auth, company, no name, onboarding not done → /onboarding', signedIn('/auth', { ...COMPANY_NEW, lastName: null }), '/onboarding'],
  ['/company-setup, company, onboarding not done → /onboarding', signedIn('/company-setup', COMPANY_NEW), '/onboarding'],
  ['/onboarding, company, onboarding not done stays', signedIn('/onboarding', COMPANY_NEW), null],
  ['/perfil, company, onboarding not done stays', signedIn('/perfil', COMPANY_NEW), null],
  // The company's onboarding counts too (an invitee joining an onboarded company).
  ['/, company onboarded, profile not → /empresa', signedIn('/', COMPANY_NEW, { companyOnboardingCompleted: true }), '/empresa'],

  // Onboarding is the admins' step: a member with another role is never held by it.
  ['/, company not onboarded, member (vendas) → /empresa', signedIn('/', COMPANY_NEW, { role: 'vendas' }), '/empresa'],
  ['/auth, company not onboarded, member (rh) → /empresa', signedIn('/auth', COMPANY_NEW, { role: 'rh' }), '/empresa'],
  ['/, company not onboarded, admin → /onboarding', signedIn('/', COMPANY_NEW, { role: 'admin' }), '/onboarding'],

  // • A profile without a company and with onboarding done: /company-welcome.
  ['/, no company, onboarding done → /company-welcome', signedIn('/', NO_COMPANY_DONE), '/company-welcome'],
  ['/company-welcome, no company, onboarding done stays', signedIn('/company-welcome', NO_COMPANY_DONE), null],
  // ('Vamos começar!' on the welcome screen leads to /company-setup, so it must stay reachable.)
  ['/company-setup, no company, onboarding done stays', signedIn('/company-setup', NO_COMPANY_DONE), null],

  // • While the profile loads, a blank screen is shown: no decision yet.
  ['profile loading on /auth: no redirect', signedIn('/auth', null), null],
  ['profile loading on /: no redirect', signedIn('/', null), null],
  ['profile loading with a token: no redirect', signedIn('/company-setup', null, { hasAccessTokenInHash: true }), null],

  // • Finishing onboarding goes to /empresa (the onboarding page navigates; afterwards / and /auth lead there).
  ['after onboarding, / → /empresa', signedIn('/', COMPANY_DONE), '/empresa'],

  // Someone with a company is never pushed into creating another one.
  ['/company-setup, company onboarded → /empresa', signedIn('/company-setup', COMPANY_DONE), '/empresa'],
  ['/company-welcome, company → /empresa', signedIn('/company-welcome', COMPANY_DONE), '/empresa'],
  // Any other signed-in page stays put.
  ['/comercial, company stays', signedIn('/comercial', COMPANY_DONE), null],
  ['/perfil, no company stays', signedIn('/perfil', NO_COMPANY_NEW), null],
  ['/empresa, company stays', signedIn('/empresa', COMPANY_DONE), null],
];

describe('resolveRedirect (spec §2 routing rules after sign-in)', () => {
  it.each(TABLE)('%s', (_rule, input, expected) => {
    expect(resolveRedirect(input)).toBe(expected);
  });

  it('never redirects a path to itself (a token in the hash aside: the hash is cleared)', () => {
    for (const [, input] of TABLE) if (!input.hasAccessTokenInHash) expect(resolveRedirect(input)).not.toBe(input.path);
  });
});

describe('isPublicPath', () => {
  it.each([
    ['/auth', true],
    ['/accept-invite', true],
    ['/email-confirmed', true],
    ['/team-invite', true],
    ['/dev/mailbox', true],
    ['/orcamento', true],
    ['/', false],
    ['/empresa', false],
    ['/authx', false],
    ['/company-setup', false],
  ])('%s → %s', (path, expected) => {
    expect(isPublicPath(path)).toBe(expected);
  });
});
