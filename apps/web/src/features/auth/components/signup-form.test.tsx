import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SignupForm } from './signup-form.tsx';

// The sign-up call is the network edge: the form, its rules and its messages are real.
const signUp = vi.hoisted(() => vi.fn());
vi.mock('../api/sign-up.ts', () => ({ useSignUp: () => ({ mutateAsync: signUp, isPending: false }) }));

async function fillAndSubmit() {
  render(<SignupForm onSignedUp={() => undefined} onGoToLogin={() => undefined} />);
  await userEvent.type(screen.getByLabelText('Nome'), 'Ana');
  await userEvent.type(screen.getByLabelText('Sobrenome'), 'Souza');
  await userEvent.type(screen.getByLabelText('E-mail'), 'ana@empresa.com.br');
  await userEvent.type(screen.getByLabelText('Senha'), 'segredo123');
  await userEvent.type(screen.getByLabelText('Confirmar senha'), 'segredo123');
  await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
}

describe('SignupForm: errors no field caused', () => {
  beforeEach(() => signUp.mockReset());

  it("the sign-up limit is said above the button with its wait, and no field is marked", async () => {
    signUp.mockResolvedValue({ data: null, error: { code: 'RATE_LIMITED', message: 'Muitas tentativas. Tente novamente em 60 minutos.', status: 429 } });
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Limite de tentativas atingidoMuitas tentativas. Tente novamente em 60 minutos.');
    for (const label of ['Nome', 'Sobrenome', 'E-mail', 'Senha', 'Confirmar senha']) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).not.toBe('true');
    }
  });

  it("'Email já cadastrado' stays on the e-mail field", async () => {
    signUp.mockResolvedValue({ data: null, error: { code: 'USER_ALREADY_EXISTS', message: 'User already exists', status: 422 } });
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Email já cadastrado']);
  });
});
