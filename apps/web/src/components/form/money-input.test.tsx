import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { cleanMoneyText, MoneyInput } from './money-input.tsx';

function Harness({ initial = null, allowNegative = false }: { initial?: number | null; allowNegative?: boolean }) {
  const [cents, setCents] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput aria-label="valor" cents={cents} onCents={setCents} allowNegative={allowNegative} />
      <output data-testid="cents">{String(cents)}</output>
      <button type="button" onClick={() => setCents(12_345)}>
        sugerir
      </button>
    </>
  );
}
const cents = () => screen.getByTestId('cents').textContent;

describe('MoneyInput', () => {
  it.each([
    ['6.500,00', '650000', '6.500,00'],
    ['6500', '650000', '6.500,00'],
    ['0,01', '1', '0,01'],
    ['1.234.567,89', '123456789', '1.234.567,89'],
    ['1234,5', '123450', '1.234,50'],
    ['10.50', '1050', '10,50'],
    ['R$ 99,90', '9990', '99,90'],
    ['6.500,', '650000', '6.500,00'],
  ])('typed %s: %s cents, shown %s on leaving the field', async (typed, expected, shown) => {
    render(<Harness />);
    const input = screen.getByLabelText('valor');
    await userEvent.type(input, typed);
    expect(cents()).toBe(expected);
    await userEvent.tab();
    expect(input).toHaveProperty('value', shown);
  });

  it('keeps what is not an amount out of the field', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('valor');
    await userEvent.type(input, 'abc12,345x');
    expect(input).toHaveProperty('value', '12,34');
    expect(cents()).toBe('1234');
    await userEvent.clear(input);
    expect(cents()).toBe('null');
  });

  it('typing over a pre-filled 0,00 replaces it (the Saldo inicial of a new account)', async () => {
    render(<Harness initial={0} />);
    const input = screen.getByLabelText('valor');
    expect(input).toHaveProperty('value', '0,00');
    await userEvent.type(input, '10.000,00');
    expect(input).toHaveProperty('value', '10.000,00');
    expect(cents()).toBe('1000000');
  });

  it('typing right after entering an edited amount replaces it; moving the caret first edits it', async () => {
    render(<Harness initial={123_456} />);
    const input = screen.getByLabelText('valor');
    await userEvent.type(input, '6.500,00');
    expect(cents()).toBe('650000');
    await userEvent.tab();
    await userEvent.click(input);
    await userEvent.keyboard('{End}{Backspace}{Backspace}{Backspace},50');
    expect(cents()).toBe('650050');
  });

  it('entering with Tab selects the amount, so typing replaces it', async () => {
    render(
      <>
        <button type="button">antes</button>
        <Harness initial={50_000} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'antes' }));
    await userEvent.tab();
    const input = screen.getByLabelText('valor') as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, '500,00'.length]);
    await userEvent.keyboard('7');
    expect(cents()).toBe('700');
  });

  it('follows a value set from outside (a suggested interest)', async () => {
    render(<Harness initial={0} />);
    await userEvent.click(screen.getByRole('button', { name: 'sugerir' }));
    expect(screen.getByLabelText('valor')).toHaveProperty('value', '123,45');
  });

  it('a minus sign only where negatives are allowed (an overdrawn opening balance)', async () => {
    render(<Harness allowNegative />);
    await userEvent.type(screen.getByLabelText('valor'), '-1.500,00');
    expect(cents()).toBe('-150000');
    expect(cleanMoneyText('-1.500,00')).toBe('1.500,00');
  });

  it('reads an amount pasted the US way', () => {
    expect(cleanMoneyText('1,234.56')).toBe('1234,56');
    expect(cleanMoneyText(',5')).toBe('0,5');
  });
});
