import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';

function setup(onConfirm: () => Promise<void>) {
  const onOpenChange = vi.fn();
  render(
    <>
      <Toaster />
      <ConfirmDeleteDialog open onOpenChange={onOpenChange} title="Excluir a vaga?" description="Não pode ser desfeito." onConfirm={onConfirm} failureMessage="Não foi possível excluir a vaga." />
    </>,
  );
  return onOpenChange;
}

describe('ConfirmDeleteDialog', () => {
  it('Excluir runs the deletion; Cancelar closes without it', async () => {
    const onConfirm = vi.fn(async () => {});
    const onOpenChange = setup(onConfirm);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("a failure closes the dialog and says the server's message, or the fallback", async () => {
    const onOpenChange = setup(async () => {
      throw new ApiError(409, 'BUSY', 'A vaga tem candidatos em análise.');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.getByText('A vaga tem candidatos em análise.')).toBeTruthy());
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('an unexpected error shows the fallback message', async () => {
    setup(async () => {
      throw new Error('boom');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.getByText('Não foi possível excluir a vaga.')).toBeTruthy());
  });
});
