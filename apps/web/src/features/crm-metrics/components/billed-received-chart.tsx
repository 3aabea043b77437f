import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { compactMoney, money, month, shortMonth } from '@sede/shared/format';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useBilledVsReceived } from '../api/billed-vs-received.ts';
import { centsToReais } from '../lib/csv.ts';
import { ChartCard, type Column } from './chart-card.tsx';

type Row = { month: string; billedCents: number; receivedCents: number };
const TICK = { fontSize: 12, fill: '#475569' };

/**
 * 'Faturado x recebido' (decision 0548): per month of the last 12, the receivables billed (by
 * competence) and the money received; only for members who also read Financeiro.
 */
export function BilledReceivedChart() {
  const { membership } = useAuth();
  const allowed = can(grantsFor(membership), 'finance.read');
  const query = useBilledVsReceived(allowed);
  if (!allowed || !query.data) return null;
  const rows = query.data.months;
  const billed = rows.reduce((s, r) => s + r.billedCents, 0);
  const received = rows.reduce((s, r) => s + r.receivedCents, 0);
  const columns: Column<Row>[] = [
    { header: 'Mês', text: (r) => month(r.month), csv: (r) => r.month },
    { header: 'Faturado (R$)', text: (r) => money(r.billedCents), csv: (r) => centsToReais(r.billedCents), numeric: true },
    { header: 'Recebido (R$)', text: (r) => money(r.receivedCents), csv: (r) => centsToReais(r.receivedCents), numeric: true },
  ];
  return (
    <ChartCard
      title="Faturado x recebido"
      description={`Nos últimos 12 meses: ${money(billed)} faturados (contas a receber pela competência) e ${money(received)} recebidos (pela data do pagamento), do Financeiro.`}
      fileName="faturado-x-recebido"
      rows={rows}
      columns={columns}
    >
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={rows.map((r) => ({ name: shortMonth(r.month), billed: r.billedCents, received: r.receivedCents }))} margin={{ left: 4, right: 8 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="name" tick={TICK} interval="preserveStartEnd" />
          <YAxis tick={TICK} tickFormatter={compactMoney} width={72} />
          <Tooltip formatter={(v) => money(Number(v))} />
          <Legend />
          <Bar dataKey="billed" name="Faturado" fill="#2563eb" isAnimationActive={false} />
          <Bar dataKey="received" name="Recebido" fill="#15803d" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
