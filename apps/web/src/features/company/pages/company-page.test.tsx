import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { computePermissions } from '@sede/shared/permissions';
import { AREAS } from '@sede/shared/registry/areas';
import { describe, expect, it, vi } from 'vitest';
import type { ViewerCompany } from '@sede/shared/viewer';
import { testCompany } from '../../../../test/render.tsx';
import CompanyPage from './company-page.tsx';

const session = vi.hoisted(() => ({ value: null as unknown }));
vi.mock('../../../lib/session/auth-provider.tsx', () => ({ useAuth: () => session.value }));
// The 'Primeiros passos' panel has its own test (and asks the server for an admin's team).
vi.mock('../components/getting-started/getting-started-panel.tsx', () => ({ GettingStartedPanel: () => null }));
vi.mock('../../../components/collaboration/company-collaboration.tsx', () => ({ CompanyCollaboration: () => null }));

const company = (onboardingAreas: string[]) => testCompany({ onboarding_areas: onboardingAreas as ViewerCompany['onboarding_areas'] });

function renderPage(role: string, onboardingAreas: string[]) {
  // The membership too, as /api/me gives it: an area outside the spec's guards (E-commerce) is opened by its permission.
  session.value = { user: { id: 'u1' }, profile: null, company: company(onboardingAreas), permissions: computePermissions({ role }), membership: { role, customPermissions: [] } };
  render(
    <MemoryRouter>
      <CompanyPage />
    </MemoryRouter>,
  );
  const departments = within(screen.getByRole('region', { name: 'Departamentos' }));
  const cards = departments.getAllByRole('listitem');
  return {
    /** Each card as key, with '*' for the 'Prioridade da empresa' badge and '🔒' when locked. */
    order: cards.map((li) => {
      const key = li.getAttribute('data-testid')!.replace('dept-', '');
      const badge = within(li).queryByText('Prioridade da empresa') ? '*' : '';
      return `${badge}${key}${li.getAttribute('data-open') === 'true' ? '' : '🔒'}`;
    }),
    tools: within(screen.getByRole('region', { name: 'Ferramentas' })),
  };
}

describe("/empresa: the departments ordered by the company's onboarding areas", () => {
  it("an admin whose company chose ['financial', 'hr']: Financeiro and RH first with the badge, the rest in the registry's order", () => {
    const { order } = renderPage('admin', ['financial', 'hr']);
    expect(order).toEqual(['*finance', '*hr', 'sales', 'marketing', 'legal', 'projects', 'ecommerce', 'documents', 'admin']);
    expect(screen.getByText('Primeiro, as áreas que a empresa escolheu automatizar.')).toBeTruthy();
  });

  it("several areas serve one answer ('sales' → Comercial), and a locked area keeps its place, lock and badge", () => {
    const { order } = renderPage('rh', ['sales', 'hr']);
    expect(order).toEqual(['*sales🔒', '*hr', 'marketing🔒', 'finance🔒', 'legal🔒', 'projects', 'ecommerce🔒', 'documents', 'admin🔒']);
  });

  it("'ecommerce' brings E-commerce first (decision 0680)", () => {
    const { order } = renderPage('admin', ['ecommerce']);
    expect(order.slice(0, 2)).toEqual(['*ecommerce', 'sales']);
  });

  it('no answers (onboarding not done): the registry order, no badge, no hint', () => {
    const { order } = renderPage('admin', []);
    expect(order).toEqual(AREAS.map((a) => a.key));
    expect(screen.queryByText('Prioridade da empresa')).toBeNull();
    expect(screen.queryByText('Primeiro, as áreas que a empresa escolheu automatizar.')).toBeNull();
  });
});

describe("/empresa: 'Ferramentas', the nine member tools for every role", () => {
  for (const role of ['rh', 'financeiro', 'vendas', 'admin', 'custom']) {
    it(`${role}: nine tool cards in three groups, each a link to its page`, () => {
      const { tools } = renderPage(role, []);
      expect(tools.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Prospecção', 'Vendas', 'Relacionamento']);
      const links = tools.getAllByRole('link').map((a) => a.getAttribute('href'));
      expect(links).toEqual(['/cnpj-search', '/extrair-leads-cnpj', '/deep-search', '/extrair-leads', '/kanban-leads', '/lista-contatos', '/campanhas-massa', '/atendimento', '/atendimento-simples']);
      expect(tools.getByRole('link', { name: /Kanban de leads/ }).textContent).toContain('Acompanhe cada lead pelas etapas do funil.');
    });
  }

  it("a group serving the company's answers comes first, marked", () => {
    const { tools } = renderPage('rh', ['customer_service']);
    expect(tools.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Relacionamento', 'Prospecção', 'Vendas']);
    expect(within(screen.getByTestId('tool-group-relacionamento')).getByText('Prioridade da empresa')).toBeTruthy();
    expect(within(screen.getByTestId('tool-group-vendas')).queryByText('Prioridade da empresa')).toBeNull();
  });
});
