import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordInput } from './password-input.tsx';

describe('PasswordInput', () => {
  it('hides the password until "Mostrar senha", then hides it again with "Ocultar senha"', async () => {
    render(<PasswordInput aria-label="Senha" defaultValue="segredo123" />);
    const input = screen.getByLabelText('Senha');
    expect(input.getAttribute('type')).toBe('password');

    const show = screen.getByRole('button', { name: 'Mostrar senha' });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(show);
    expect(input.getAttribute('type')).toBe('text');
    expect((input as HTMLInputElement).value).toBe('segredo123');

    const hide = screen.getByRole('button', { name: 'Ocultar senha' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(hide);
    expect(input.getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Mostrar senha' })).toBeTruthy();
  });

  it('the toggle is a plain button: it never submits the form around it', async () => {
    let submitted = 0;
    render(
      <form onSubmit={(e) => { e.preventDefault(); submitted++; }}>
        <PasswordInput aria-label="Senha" />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(submitted).toBe(0);
  });
});
