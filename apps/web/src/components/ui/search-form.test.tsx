import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchForm } from './search-form.tsx';

describe('SearchForm', () => {
  it('starts with the page’s search; typing does not search, Enter and leaving the box search the trimmed text', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(
      <>
        <SearchForm id="q" initial="verão" placeholder="Título ou texto" onSearch={onSearch} />
        <button type="button">outro</button>
      </>,
    );
    const box = screen.getByRole('searchbox', { name: 'Buscar' }) as HTMLInputElement;
    expect(box.value).toBe('verão');
    expect(box.placeholder).toBe('Título ou texto');
    await user.clear(box);
    await user.type(box, '  pão de queijo ');
    expect(onSearch).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('pão de queijo');
    await user.type(box, 'x');
    await user.click(screen.getByRole('button', { name: 'outro' }));
    expect(onSearch).toHaveBeenLastCalledWith('pão de queijo x');
  });
});
