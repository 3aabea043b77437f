import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FinCategory } from '@sede/shared/finance/registers';
import { CategoryOptions } from './category-options.tsx';
import { DueHint } from './due-hint.tsx';

describe('DueHint', () => {
  it('names the day off and the next business day; nothing on a business day', () => {
    const { container, rerender } = render(<DueHint dueDate="2026-11-21" />);
    expect(container.textContent).toBe('Cai em sábado: pagável em 23/11/2026 (próximo dia útil).');
    rerender(<DueHint dueDate="2026-04-21" />);
    expect(container.textContent).toBe('Cai em Tiradentes: pagável em 22/04/2026 (próximo dia útil).');
    rerender(<DueHint dueDate="2026-11-24" />);
    expect(container.textContent).toBe('');
  });
});

describe('CategoryOptions', () => {
  it('groups children under their parent, only the kind asked, archived ones left out', () => {
    const c = (id: string, name: string, kind: 'income' | 'expense', parentId: string | null = null, archived = false): FinCategory => ({ id, name, kind, parentId, archived, dreGroup: 'custos', position: 0 });
    render(
      <select aria-label="categoria">
        <CategoryOptions categories={[c('1', 'Custos', 'expense'), c('2', 'Fretes', 'expense', '1'), c('3', 'Antiga', 'expense', '1', true), c('4', 'Vendas', 'income')]} kind="expense" />
      </select>,
    );
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Custos (geral)', 'Fretes']);
    expect(screen.getByRole('group', { name: 'Custos' })).toBeTruthy();
  });
});
