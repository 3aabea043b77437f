import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useConfirm } from './confirm-dialog.tsx';

function Sender() {
  const confirm = useConfirm();
  const [said, setSaid] = useState('nada');
  return (
    <>
      <button type="button" onClick={async () => setSaid((await confirm.ask({ title: 'Enviar agora?', description: 'Vai para 3 contatos.', confirmLabel: 'Enviar agora' })) ? 'enviado' : 'cancelado')}>
        Enviar
      </button>
      <output>{said}</output>
      {confirm.dialog}
    </>
  );
}

describe('useConfirm', () => {
  it('asks in the app’s dialog: the action answers true, Cancelar and Escape false', async () => {
    render(<Sender />);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar agora?' });
    expect(dialog.textContent).toContain('Vai para 3 contatos.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar agora' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('enviado'));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('cancelado'));

    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('cancelado');
  });
});
