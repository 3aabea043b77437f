import { describe, expect, it } from 'vitest';
import { GUARDS } from '@sede/shared/registry/guards';
import { areaAccess, AREAS } from '@sede/shared/registry/areas';
import { MEMBER_TOOLS } from '@sede/shared/registry/tools';
import { MANIFESTS } from './manifests.ts';
import { AREA_ITEMS, NAV_ITEMS } from './navigation.ts';
import { documentTitle, ROUTES, type RouteDef } from './routes.ts';

/**
 * The spec's routes (§2) as they are served (path, title, access, layout, deniedAs): they must not
 * change. The spec's guard keys guard these routes and no other.
 */
type Row = [path: string, title: string, access: 'public' | 'signed-in' | string[], layout: 'shell' | 'focus', deniedAs?: 'not-found'];
const SPEC_ROUTES: Row[] = [
  ['/auth', 'Entrar', 'public', 'focus'],
  ['/accept-invite', 'Convite', 'public', 'focus'],
  ['/email-confirmed', 'Confirmação de e-mail', 'public', 'focus'],
  ['/team-invite', 'Convidar equipe', 'public', 'focus'],
  ['/', 'Empresa', 'signed-in', 'shell'],
  ['/empresa', 'Empresa', 'signed-in', 'shell'],
  ['/complete-profile', 'Complete seu cadastro', 'signed-in', 'focus'],
  ['/perfil', 'Meu perfil', 'signed-in', 'shell'],
  ['/company-welcome', 'Bem-vindo', 'signed-in', 'focus'],
  ['/company-setup', 'Vincular Empresa', 'signed-in', 'focus'],
  ['/onboarding', 'Configuração inicial', 'signed-in', 'focus'],
  ['/cnpj-search', 'Busca por CNPJ', 'signed-in', 'shell'],
  ['/extrair-leads-cnpj', 'Extrair leads por CNPJ', 'signed-in', 'shell'],
  ['/deep-search', 'Pesquisa aprofundada', 'signed-in', 'shell'],
  ['/extrair-leads', 'Extrair leads', 'signed-in', 'shell'],
  ['/lista-contatos', 'Listas de contatos', 'signed-in', 'shell'],
  ['/campanhas-massa', 'Campanhas em massa', 'signed-in', 'shell'],
  ['/kanban-leads', 'Kanban de leads', 'signed-in', 'shell'],
  ['/atendimento', 'Atendimento', 'signed-in', 'shell'],
  ['/atendimento-simples', 'Atendimento simples', 'signed-in', 'shell'],
  ['/documentacoes-geral', 'Documentação', 'signed-in', 'shell'],
  ['/documentacoes', 'Documentos', 'signed-in', 'shell'],
  ['/document-editor/:documentId', 'Editor de documento', 'signed-in', 'shell'],
  ['/document-creator/:documentId', 'Novo documento', 'signed-in', 'shell'],
  ['/canvas-workspace', 'Canvas', 'signed-in', 'shell'],
  ['/empresa-perfil', 'Perfil da empresa', ['empresa_perfil'], 'shell'],
  ['/user-access-debug', 'Diagnóstico de acesso', 'signed-in', 'shell'],
  ['/suporte', 'Suporte', 'signed-in', 'shell'],
  ['/plans', 'Planos', 'signed-in', 'shell'],
  ['/planos', 'Planos', 'signed-in', 'shell'],
  ['/comprar-moedas', 'Comprar moedas', 'signed-in', 'shell'],
  ['/billing', 'Assinatura e pagamentos', 'signed-in', 'shell'],
  ['/comercial', 'Comercial', ['comercial'], 'shell'],
  ['/analise-reunioes', 'Análise de reuniões', ['comercial'], 'shell'],
  ['/analise-reunioes/:id', 'Análise de reunião', ['comercial'], 'shell'],
  ['/metricas', 'Métricas', ['comercial'], 'shell'],
  ['/marketing', 'Marketing', ['marketing'], 'shell'],
  ['/marketing/calendario', 'Calendário de marketing', ['marketing'], 'shell'],
  ['/marketing/criativos', 'Criativos', ['marketing'], 'shell'],
  ['/marketing/materiais', 'Materiais', ['marketing'], 'shell'],
  ['/marketing/empresa/:id', 'Empresa cliente', ['marketing'], 'shell'],
  ['/marketing/empresa/:id/opcoes', 'Opções da empresa cliente', ['marketing'], 'shell'],
  ['/marketing/projetos-concluidos', 'Projetos concluídos', ['marketing'], 'shell'],
  ['/financeiro', 'Financeiro', ['financeiro'], 'shell'],
  ['/rh', 'Recursos Humanos', ['rh'], 'shell'],
  ['/rh/analise-entrevistas', 'Análise de entrevistas', ['rh'], 'shell'],
  ['/rh/analise-entrevistas/:id', 'Análise de entrevista', ['rh'], 'shell'],
  ['/rh/analise-curriculos', 'Análise de currículos', ['rh'], 'shell'],
  ['/rh/analise-curriculos/:id', 'Análise de currículo', ['rh'], 'shell'],
  ['/juridico', 'Jurídico', ['juridico'], 'shell'],
  ['/juridico/contrato/:contractId', 'Contrato', ['juridico'], 'shell'],
  ['/gestao-projetos', 'Projetos', ['gestao_projetos'], 'shell'],
  ['/projeto-kanban/:projectId', 'Kanban do projeto', ['gestao_projetos'], 'shell'],
  ['/kanban-dashboard/:projectId', 'Painel do projeto', ['gestao_projetos'], 'shell'],
  ['/documentacao-projeto/:projectId', 'Documentação do projeto', ['gestao_projetos'], 'shell'],
  ['/admin', 'Administração', ['admin'], 'shell', 'not-found'],
];

/** Pages open without signing in that the spec does not list, each with its decision: a new one is a deliberate choice. */
const PUBLIC_BEYOND_SPEC: Row[] = [
  ['/dev/mailbox', 'Caixa de e-mails de desenvolvimento', 'public', 'focus'],
  // The client's quote page from the quote e-mail (decision 0161).
  ['/orcamento', 'Orçamento', 'public', 'focus'],
  // The campaigns' public unsubscribe page, opened from an e-mail without signing in (decision 0257).
  ['/descadastro/:token', 'Descadastrar e-mails', 'public', 'focus'],
  // The marketing client's approval link, opened without an account (decision 0331).
  ['/aprovacao/:token', 'Aprovação de peça', 'public', 'focus'],
  // A file shared by a link, opened without an account (decision 0392).
  ['/arquivo/:token', 'Arquivo compartilhado', 'public', 'focus'],
  // The signer's link and the public verification of a signed document (decisions 0551, 0554).
  ['/assinar/:token', 'Assinar documento', 'public', 'focus'],
  ['/verificar', 'Verificar documento', 'public', 'focus'],
  ['/verificar/:code', 'Verificar documento', 'public', 'focus'],
  // The customer's payment page of a charge, opened from the e-mail without an account (decision 0532).
  ['/pagar/:token', 'Pagamento', 'public', 'focus'],
];

const rowOf = (r: RouteDef): Row => (r.deniedAs ? [r.path, r.title, r.access, r.layout, r.deniedAs] : [r.path, r.title, r.access, r.layout]);
const SPEC_GUARD_KEYS = new Set<string>(GUARDS.map((g) => g.key));

describe('routes from the feature manifests', () => {
  it("every route of the spec, with the same title, access, layout and deniedAs", () => {
    for (const row of SPEC_ROUTES) expect(ROUTES.filter((r) => r.path === row[0]).map(rowOf)).toEqual([row]);
    expect(SPEC_ROUTES).toHaveLength(56);
  });

  it("the spec's guard keys guard the spec's routes only: any other route is signed-in or needs a permission", () => {
    const spec = new Set(SPEC_ROUTES.map(([path]) => path));
    for (const r of ROUTES.filter((route) => !spec.has(route.path) && Array.isArray(route.access))) {
      expect([r.path, (r.access as string[]).filter((k) => SPEC_GUARD_KEYS.has(k))]).toEqual([r.path, []]);
    }
  });

  it('public pages: the spec\'s and the listed ones, nothing else', () => {
    const publicRows = ROUTES.filter((r) => r.access === 'public').map(rowOf);
    const byPath = (a: Row, b: Row) => a[0].localeCompare(b[0]);
    expect(publicRows.sort(byPath)).toEqual([...SPEC_ROUTES.filter((r) => r[2] === 'public'), ...PUBLIC_BEYOND_SPEC].sort(byPath));
  });

  it('each path once, and every route has a lazy page', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    for (const r of ROUTES) expect(typeof r.page).toBe('function');
  });

  it("every registry area has its home route, guarded by what opens the area unless open to every member", () => {
    for (const area of AREAS) {
      const home = ROUTES.find((r) => r.path === area.path);
      expect(home, area.key).toBeDefined();
      expect(home!.access === 'signed-in' || (Array.isArray(home!.access) && home!.access.includes(areaAccess(area))), area.key).toBe(true);
    }
  });

  it("every registry member tool is a route open to every signed-in member", () => {
    for (const area of AREAS) {
      for (const path of area.memberTools) expect([path, ROUTES.find((r) => r.path === path)?.access]).toEqual([path, 'signed-in']);
    }
  });

  it("every member tool's route has the registry's title (the sidebar and /empresa show the same words)", () => {
    for (const tool of MEMBER_TOOLS) expect([tool.path, ROUTES.find((r) => r.path === tool.path)?.title]).toEqual([tool.path, tool.title]);
  });
});

describe('route access is type-checked against the registry', () => {
  it('a guard key or a permission of the registry compiles, a typo or an action the area lacks does not', () => {
    const page = () => import('../features/support/pages/support-page.tsx');
    const ok: RouteDef = { path: '/x', title: 'X', access: ['comercial', 'gestao_projetos', 'hr.export'], layout: 'shell', page };
    // @ts-expect-error 'comerical' is not a guard key
    const typo: RouteDef = { path: '/y', title: 'Y', access: ['comerical'], layout: 'shell', page };
    // @ts-expect-error RH has no 'approve' action
    const noAction: RouteDef = { path: '/z', title: 'Z', access: ['hr.approve'], layout: 'shell', page };
    expect([ok.access, typo.access, noAction.access]).toEqual([['comercial', 'gestao_projetos', 'hr.export'], ['comerical'], ['hr.approve']]);
  });
});

describe('navigation from the manifests', () => {
  it('the sidebar: Empresa, then every registry area in its order', () => {
    expect(NAV_ITEMS.map((i) => i.title)).toEqual(['Empresa', ...AREAS.map((a) => a.title)]);
    expect(NAV_ITEMS[0]!.path).toBe('/empresa');
    expect(NAV_ITEMS[0]!.access).toBeUndefined();
  });

  it("/empresa's cards: every area, with the registry's words and what opens it", () => {
    expect(AREA_ITEMS.map((i) => [i.key, i.path, i.access, i.description])).toEqual(AREAS.map((a) => [a.key, a.path, areaAccess(a), a.description]));
  });

  it('every nav entry points at a route', () => {
    const paths = new Set(MANIFESTS.flatMap((m) => m.routes.map((r) => r.path)));
    for (const item of NAV_ITEMS) expect(paths.has(item.path), item.path).toBe(true);
  });
});

describe('document title', () => {
  it("is '<title> · Sede' for every route, 'Sede' without one", () => {
    expect(documentTitle('Kanban de leads')).toBe('Kanban de leads · Sede');
    expect(documentTitle(undefined)).toBe('Sede');
  });
});
