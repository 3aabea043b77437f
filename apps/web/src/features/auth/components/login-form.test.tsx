import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form.tsx';

// better-auth's client is the network edge: the form, its rules and its messages are real.
const signInEmail = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/auth-client.ts', () => ({ authClient: { signIn: { email: signInEmail } } }));

const renderForm = () => render(<LoginForm onForgot={() => undefined} />);
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('LoginForm (spec §5 validation, §8 messages)', () => {
  beforeEach(() => {
    signInEmail.mockReset();
  });

  it("empty fields: 'Email e senha são obrigatórios' under the e-mail, focus there, no request", async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(alerts()).toEqual(['Email e senha são obrigatórios']);
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    expect(signInEmail).not.toHaveBeenCalled();
  });

  it("an e-mail without a password: the message is on the password field", async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@empresa.com.br');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(alerts()).toEqual(['Email e senha são obrigatórios']);
    expect(screen.getByLabelText('Senha').getAttribute('aria-invalid')).toBe('true');
    expect(signInEmail).not.toHaveBeenCalled();
  });

  it("a malformed e-mail: 'Formato de email inválido'; typing again clears it", async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@empresa');
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo123');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(alerts()).toEqual(['Formato de email inválido']);
    await userEvent.type(screen.getByLabelText('E-mail'), '.com');
    expect(alerts()).toEqual([]);
  });

  it("wrong password: 'Credenciais inválidas' on the password field, with the e-mail trimmed and lower-cased", async () => {
    signInEmail.mockResolvedValue({ data: null, error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', status: 401 } });
    renderForm();
    await userEvent.type(screen.getByLabelText('E-mail'), '  Ana@Empresa.com.BR ');
    await userEvent.type(screen.getByLabelText('Senha'), 'errada123');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(alerts()).toEqual(['Credenciais inválidas']));
    expect(signInEmail).toHaveBeenCalledWith({ email: 'ana@empresa.com.br', password: 'errada123' });
    expect(screen.getByLabelText('Senha').getAttribute('aria-invalid')).toBe('true');
  });
});
