import { describe, expect, it } from 'vitest';
import { AREAS } from './areas.ts';
import { byCompanyPriority } from './priority.ts';
import { MEMBER_TOOLS, TOOL_GROUPS, toolsOf } from './tools.ts';

describe('the member tools', () => {
  it("are exactly the registry areas' memberTools, each once, with words and an icon", () => {
    const paths = AREAS.flatMap((a) => [...a.memberTools]);
    expect(MEMBER_TOOLS.map((t) => t.path).sort()).toEqual([...paths].sort());
    expect(new Set(MEMBER_TOOLS.map((t) => t.path)).size).toBe(MEMBER_TOOLS.length);
    for (const t of MEMBER_TOOLS) {
      expect(t.title.length, t.path).toBeGreaterThan(0);
      expect(t.description, t.path).toMatch(/^[A-ZÁÉÍÓÚ].+\.$/);
      expect(t.icon, t.path).toMatch(/^[A-Z]\w+$/);
    }
  });

  it('are grouped: Prospecção, Vendas, Relacionamento', () => {
    expect(TOOL_GROUPS.map((g) => [g.title, toolsOf(g.key).map((t) => t.path)])).toEqual([
      ['Prospecção', ['/cnpj-search', '/extrair-leads-cnpj', '/deep-search', '/extrair-leads']],
      ['Vendas', ['/kanban-leads', '/lista-contatos']],
      ['Relacionamento', ['/campanhas-massa', '/atendimento', '/atendimento-simples']],
    ]);
  });
});

describe("byCompanyPriority: the company's onboarding areas first", () => {
  // The spec's departments (those its guards open): the literal order below is theirs, whatever areas are added.
  const SPEC_AREAS = AREAS.filter((a) => a.guard);
  const keys = (chosen: string[] | null, areas: typeof AREAS = SPEC_AREAS) => byCompanyPriority(areas, chosen).map(({ item, priority }) => (priority ? `*${item.key}` : item.key));

  it('the areas serving the answers come first, flagged, each part in the registry order', () => {
    expect(keys(['financial', 'hr'])).toEqual(['*finance', '*hr', 'sales', 'marketing', 'legal', 'projects', 'documents', 'admin']);
    // 'ecommerce' is the E-commerce area's (decision 0680), which has no spec guard: among these it brings nothing first.
    expect(keys(['hr', 'ecommerce', 'analytics'])).toEqual(['*sales', '*hr', 'marketing', 'finance', 'legal', 'projects', 'documents', 'admin']);
    expect(keys(['ecommerce'], AREAS).slice(0, 1)).toEqual(['*ecommerce']);
  });

  it('no answers (or unknown ones): the registry order, nothing flagged', () => {
    const plain = AREAS.map((a) => a.key);
    expect(keys(null, AREAS)).toEqual(plain);
    expect(keys([], AREAS)).toEqual(plain);
    expect(keys(['desconhecida'], AREAS)).toEqual(plain);
  });
});
