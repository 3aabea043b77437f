import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { optionsOf } from '../../../components/ui/filter-bar.tsx';
import { LabeledSelect } from './labeled-select.tsx';

const CHANNELS = ['instagram', 'blog'] as const;
const LABELS = { instagram: 'Instagram', blog: 'Blog' };

describe('LabeledSelect', () => {
  it('names the select by its label, puts the empty choice first, then the options in order, and reports a change', async () => {
    const onChange = vi.fn();
    render(<LabeledSelect id="canal" label="Canal" empty="Todos" value="" onChange={(e) => onChange(e.target.value)} options={optionsOf(CHANNELS, LABELS)} />);
    const select = screen.getByLabelText('Canal') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Todos'],
      ['instagram', 'Instagram'],
      ['blog', 'Blog'],
    ]);
    await userEvent.setup().selectOptions(select, 'blog');
    expect(onChange).toHaveBeenCalledWith('blog');
  });

  it('without an empty choice has only the options; keeps the select’s own attributes and the wrapper’s classes', () => {
    render(<LabeledSelect id="status" label="Mudar status" fieldClassName="grid gap-1 sm:max-w-xs" className="h-9" value="blog" disabled onChange={() => undefined} options={optionsOf(CHANNELS, LABELS)} />);
    const select = screen.getByLabelText('Mudar status') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['instagram', 'blog']);
    expect(select.value).toBe('blog');
    expect(select.disabled).toBe(true);
    expect(select.className).toMatch(/ h-9$/);
    expect(select.parentElement?.className).toBe('grid gap-1 sm:max-w-xs');
  });
});
