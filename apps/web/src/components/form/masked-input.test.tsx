import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CEP_MASK, CNPJ_MASK, MaskedInput, PHONE_MASK, type MaskOptions } from './masked-input.tsx';

/** A controlled field as the forms use it; the last masked value is shown for the assertions. */
function Harness({ mask }: { mask: MaskOptions }) {
  const [value, setValue] = useState('');
  return (
    <>
      <MaskedInput aria-label="campo" mask={mask} value={value} onValueChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('MaskedInput', () => {
  it('formats an alphanumeric CNPJ as it is typed, in capitals, and passes the masked text on', async () => {
    render(<Harness mask={CNPJ_MASK} />);
    await userEvent.type(screen.getByLabelText('campo'), '12abc34501de35');
    expect(screen.getByLabelText('campo')).toHaveProperty('value', '12.ABC.345/01DE-35');
    expect(screen.getByTestId('value').textContent).toBe('12.ABC.345/01DE-35');
  });

  it('CNPJ: the check digits take digits only (letters there are refused)', async () => {
    render(<Harness mask={CNPJ_MASK} />);
    await userEvent.type(screen.getByLabelText('campo'), '112223330001XY');
    expect(screen.getByLabelText('campo')).toHaveProperty('value', '11.222.333/0001-');
  });

  it('phone: (99) 9999-9999 up to 10 digits, (99) 99999-9999 with 11', async () => {
    render(<Harness mask={PHONE_MASK} />);
    const input = screen.getByLabelText('campo');
    await userEvent.type(input, '1133334444');
    expect(input).toHaveProperty('value', '(11) 3333-4444');
    await userEvent.clear(input);
    await userEvent.type(input, '11987654321');
    expect(input).toHaveProperty('value', '(11) 98765-4321');
  });

  it('ignores letters in a digits-only mask (CEP)', async () => {
    render(<Harness mask={CEP_MASK} />);
    await userEvent.type(screen.getByLabelText('campo'), '01a310b100');
    expect(screen.getByLabelText('campo')).toHaveProperty('value', '01310-100');
  });
});
