import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { computePermissions, type PermissionSet } from '@sede/shared/permissions';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SidebarNav } from './sidebar-nav.tsx';

// The session is the provider's job (GET /api/me); here the sidebar gets the permissions directly.
// The membership too: an area outside the spec's guards (E-commerce) is opened by its permission, read from the role.
const session = vi.hoisted(() => ({ permissions: null as PermissionSet | null, membership: null as { role: string; customPermissions: string[] } | null }));
vi.mock('../../lib/session/auth-provider.tsx', () => ({ useAuth: () => ({ permissions: session.permissions, membership: session.membership }) }));

function renderSidebar(role: string, customPermissions: string[] = [], { path = '/empresa', collapsed = false } = {}) {
  session.permissions = computePermissions({ role, customPermissions });
  session.membership = { role, customPermissions };
  render(
    <MemoryRouter initialEntries={[path]}>
      <SidebarNav collapsed={collapsed} companyName="Acme Ltda" />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation');
  const tools = within(nav).getByTestId('nav-tools');
  return {
    // The areas (the 'Ferramentas' section is checked on its own).
    links: within(nav)
      .getAllByRole('link')
      .filter((a) => !tools.contains(a))
      .map((a) => a.textContent),
    locked: within(nav).queryAllByTestId('locked-area').map((b) => b.textContent),
    tools,
  };
}

/** The section's groups and their links, as the person sees them. */
const toolGroups = (tools: HTMLElement) =>
  within(tools)
    .getAllByRole('list')
    .map((g) => [g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent, within(g).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])]);

const NINE_TOOLS = [
  ['Prospecção', [['Busca por CNPJ', '/cnpj-search'], ['Extrair leads por CNPJ', '/extrair-leads-cnpj'], ['Pesquisa aprofundada', '/deep-search'], ['Extrair leads', '/extrair-leads']]],
  ['Vendas', [['Kanban de leads', '/kanban-leads'], ['Listas de contatos', '/lista-contatos']]],
  ['Relacionamento', [['Campanhas em massa', '/campanhas-massa'], ['Atendimento', '/atendimento'], ['Atendimento simples', '/atendimento-simples']]],
];

describe('SidebarNav: only the areas the permissions open are links', () => {
  beforeEach(() => {
    session.permissions = null;
    session.membership = null;
    localStorage.clear();
  });

  it('an admin opens every area and Administração', () => {
    const { links, locked } = renderSidebar('admin');
    expect(links).toEqual(['Empresa', 'Comercial', 'Marketing', 'Financeiro', 'Recursos Humanos', 'Jurídico', 'Projetos', 'E-commerce', 'Documentação', 'Administração']);
    expect(locked).toEqual([]);
  });

  it('financeiro: its own area plus the ones every member has; the others are locked, in order', () => {
    const { links, locked } = renderSidebar('financeiro');
    expect(links).toEqual(['Empresa', 'Financeiro', 'Projetos', 'E-commerce', 'Documentação']);
    expect(locked).toEqual(['Comercial', 'Marketing', 'Recursos Humanos', 'Jurídico', 'Administração']);
  });

  it('a custom role opens exactly its chosen areas', () => {
    const { links, locked } = renderSidebar('custom', ['vendas', 'juridico']);
    expect(links).toEqual(['Empresa', 'Comercial', 'Jurídico', 'Projetos', 'E-commerce', 'Documentação']);
    expect(locked).toEqual(['Marketing', 'Financeiro', 'Recursos Humanos', 'Administração']);
  });

  it('a locked area is a disabled button that explains why on click (touch has no hover)', async () => {
    renderSidebar('rh');
    const marketing = screen.getAllByTestId('locked-area').find((b) => b.textContent === 'Marketing')!;
    expect(marketing.tagName).toBe('BUTTON');
    expect(marketing.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(marketing);
    expect((await screen.findByRole('tooltip')).textContent).toContain('Sua função não dá acesso a esta área. Peça a um administrador.');
  });
});

describe("SidebarNav: the 'Ferramentas' section opens the nine member tools to every role", () => {
  beforeEach(() => {
    session.permissions = null;
    session.membership = null;
    localStorage.clear();
  });

  for (const [role, custom] of [['rh', []], ['financeiro', []], ['custom', []], ['vendas', []], ['admin', []], ['custom', ['juridico']]] as const) {
    it(`${role}${custom.length ? ` (${custom.join(', ')})` : ''}: the nine tools in three groups, as links`, () => {
      const { tools } = renderSidebar(role, [...custom]);
      expect(toolGroups(tools)).toEqual(NINE_TOOLS);
      expect(within(tools).queryAllByTestId('locked-area')).toEqual([]);
    });
  }

  it("a member without comercial sees Comercial locked and still reaches /kanban-leads; vendas sees both", () => {
    const rh = renderSidebar('rh');
    expect(rh.locked).toContain('Comercial');
    expect(within(rh.tools).getByRole('link', { name: 'Kanban de leads' }).getAttribute('href')).toBe('/kanban-leads');
    cleanup();
    const vendas = renderSidebar('vendas');
    expect(vendas.links).toContain('Comercial');
    expect(within(vendas.tools).getByRole('link', { name: 'Kanban de leads' }).getAttribute('href')).toBe('/kanban-leads');
  });

  it('the current tool is highlighted (aria-current), the others are not', () => {
    const { tools } = renderSidebar('rh', [], { path: '/kanban-leads' });
    const current = within(tools)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('aria-current') === 'page')
      .map((a) => a.textContent);
    expect(current).toEqual(['Kanban de leads']);
  });

  it('the section is a disclosure: the keyboard closes and opens it, and the choice is kept', async () => {
    const user = userEvent.setup();
    const { tools } = renderSidebar('rh');
    const toggle = within(tools).getByRole('button', { name: 'Ferramentas' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(tools).queryAllByRole('link')).toEqual([]);
    expect(localStorage.getItem('sede:nav-tools')).toBe('closed');
    cleanup();
    const again = renderSidebar('rh').tools;
    expect(within(again).getByRole('button', { name: 'Ferramentas' }).getAttribute('aria-expanded')).toBe('false');
    await user.click(within(again).getByRole('button', { name: 'Ferramentas' }));
    expect(within(again).getAllByRole('link')).toHaveLength(9);
    expect(localStorage.getItem('sede:nav-tools')).toBeNull();
  });

  it('collapsed sidebar: icons with their names for screen readers and as a hover title', () => {
    const { tools } = renderSidebar('rh', [], { collapsed: true });
    const link = within(tools).getByRole('link', { name: 'Atendimento simples' });
    expect(link.getAttribute('title')).toBe('Atendimento simples');
    expect(within(tools).getByRole('button', { name: 'Ferramentas' })).toBeTruthy();
  });
});
