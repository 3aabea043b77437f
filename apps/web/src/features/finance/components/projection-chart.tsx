import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { compactMoney, day, dayMonthNumeric, money } from '@sede/shared/format';

type Point = { date: string; balanceCents: number };

/** The next 30 days' expected balance as a line (the overview's table holds the same figures). */
export default function ProjectionChart({ data }: { data: Point[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="date" tickFormatter={dayMonthNumeric} tick={{ fontSize: 12, fill: '#475569' }} minTickGap={16} />
        <YAxis tickFormatter={compactMoney} tick={{ fontSize: 12, fill: '#475569' }} width={80} />
        <Tooltip formatter={(v) => money(Number(v))} labelFormatter={(l) => day(String(l))} />
        <Line type="monotone" dataKey="balanceCents" name="Saldo previsto" stroke="#2563eb" strokeWidth={2} dot={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
