import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { money } from '@sede/shared/format';

const TICK = { fontSize: 12, fill: '#475569' };
const reais = (cents: number) => money(cents);
const shortDay = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;

/** Sales by day (loaded lazily: recharts only where a chart is shown). */
export default function SalesByDayChart({ days }: { days: Array<{ date: string; revenueCents: number; orders: number }> }) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={days} margin={{ left: 4, right: 8 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="date" tick={TICK} tickFormatter={shortDay} minTickGap={16} />
        <YAxis tick={TICK} width={72} tickFormatter={(v: number) => money(v).replace(/,\d{2}$/, '')} />
        <Tooltip labelFormatter={(d) => shortDay(String(d))} formatter={(v) => [reais(Number(v)), 'Vendas']} />
        <Bar dataKey="revenueCents" name="Vendas" fill="#2563eb" maxBarSize={24} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
