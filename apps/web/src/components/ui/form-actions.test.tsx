import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormActions } from './form-actions.tsx';

describe('FormActions', () => {
  it('announces the failure, cancels, and submits the form with its busy button', async () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <FormActions error="O nome já existe." onCancel={onCancel} submitLabel="Salvar" />
      </form>,
    );
    expect(screen.getByRole('alert').textContent).toBe('O nome já existe.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    rerender(
      <form onSubmit={onSubmit}>
        <FormActions submitLabel="Salvar" pending />
      </form>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('draws a destructive submit when asked', () => {
    render(
      <form>
        <FormActions submitLabel="Marcar como recusado" submitVariant="destructive" />
      </form>,
    );
    const plain = render(
      <form>
        <FormActions submitLabel="Salvar" />
      </form>,
    );
    const destructive = screen.getByRole('button', { name: 'Marcar como recusado' }).className;
    const primary = plain.getByRole('button', { name: 'Salvar' }).className;
    expect(destructive).not.toBe(primary);
    expect(destructive).toContain('red');
  });
});
