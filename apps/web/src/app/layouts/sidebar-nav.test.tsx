import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { computePermissions, type PermissionSet } from '@sede/shared/permissions';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SidebarNav } from './sidebar-nav.tsx';

// The session is the provider's job (GET /api/me); here the sidebar gets the permissions directly.
const session = vi.hoisted(() => ({ permissions: null as PermissionSet | null }));
vi.mock('../../lib/session/auth-provider.tsx', () => ({ useAuth: () => ({ permissions: session.permissions }) }));

function renderSidebar(role: string, customPermissions: string[] = []) {
  session.permissions = computePermissions({ role, customPermissions });
  render(
    <MemoryRouter initialEntries={['/empresa']}>
      <SidebarNav collapsed={false} companyName="Acme Ltda" />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation');
  return {
    links: within(nav).getAllByRole('link').map((a) => a.textContent),
    locked: within(nav).queryAllByTestId('locked-area').map((b) => b.textContent),
  };
}

describe('SidebarNav: only the areas the permissions open are links', () => {
  beforeEach(() => {
    session.permissions = null;
  });

  it('an admin opens every area and Administração', () => {
    const { links, locked } = renderSidebar('admin');
    expect(links).toEqual(['Empresa', 'Comercial', 'Marketing', 'Financeiro', 'Recursos Humanos', 'Jurídico', 'Projetos', 'Documentação', 'Administração']);
    expect(locked).toEqual([]);
  });

  it('financeiro: its own area plus the ones every member has; the others are locked, in order', () => {
    const { links, locked } = renderSidebar('financeiro');
    expect(links).toEqual(['Empresa', 'Financeiro', 'Projetos', 'Documentação']);
    expect(locked).toEqual(['Comercial', 'Marketing', 'Recursos Humanos', 'Jurídico', 'Administração']);
  });

  it('a custom role opens exactly its chosen areas', () => {
    const { links, locked } = renderSidebar('custom', ['vendas', 'juridico']);
    expect(links).toEqual(['Empresa', 'Comercial', 'Jurídico', 'Projetos', 'Documentação']);
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
