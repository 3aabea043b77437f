import { formatMoneyCents } from '../../../lib/format.ts';

const whole = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** R$ 250,00 — prices as charged. */
export const money = formatMoneyCents;
/** R$ 183 — rounded-down figures quoted in prose ("cerca de R$ 183/mês"). */
export const moneyWhole = (cents: number) => whole.format(Math.floor(cents / 100));
