import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const TICK = { fontSize: 12, fill: '#475569' };
const short = (s: string, n = 16) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** A horizontal bar per label (loaded lazily: recharts only on /rh). */
export default function HeadcountChart({ rows }: { rows: Array<{ label: string; count: number }> }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 40 + 40)}>
      <BarChart data={rows} layout="vertical" margin={{ left: 4, right: 16 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" tick={TICK} allowDecimals={false} />
        <YAxis type="category" dataKey="label" tick={TICK} width={120} tickFormatter={(s: string) => short(s)} />
        <Tooltip formatter={(v) => [String(v), 'Pessoas']} />
        <Bar dataKey="count" name="Pessoas" fill="#2563eb" maxBarSize={28} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
