import { Target } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MetricsPerson, TargetRow } from '@sede/shared/crm/metrics';
import { MoneyInput } from '../../../components/form/money-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { usePutTargets } from '../api/put-targets.ts';
import { centsToReais } from '../lib/csv.ts';
import { compactMoney, money, month as monthName } from '@sede/shared/format';
import { pct } from '../lib/percent.ts';
import { ChartCard, type Column } from './chart-card.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

const TICK = { fontSize: 12, fill: '#475569' };
const BAR = 16;

type Total = { userId: string; name: string; targetCents: number | null; wonCents: number; percent: number | null };

/** Per salesperson over the period: the sum of the months' targets and of what was won. */
export function totalsBySalesperson(rows: TargetRow[]): Total[] {
  const by = new Map<string, Total>();
  for (const r of rows) {
    const t = by.get(r.userId) ?? { userId: r.userId, name: r.name, targetCents: null, wonCents: 0, percent: null };
    if (r.targetCents !== null) t.targetCents = (t.targetCents ?? 0) + r.targetCents;
    t.wonCents += r.wonCents;
    by.set(r.userId, t);
  }
  return [...by.values()].map((t) => ({ ...t, percent: t.targetCents ? Math.round((t.wonCents / t.targetCents) * 1000) / 10 : null }));
}

/** A thin dark bar across the won bar at the target's value. */
function TargetMarker(props: { x?: number; y?: number; width?: number; height?: number }) {
  const { x = 0, y = 0, width = 0, height = 0 } = props;
  if (!width) return null;
  return <rect x={x + width - 2} y={y - 4} width={4} height={height + 8} fill="#0f172a" rx={1} />;
}

export function TargetsChart({ rows, months, owners, canEdit }: { rows: TargetRow[]; months: string[]; owners: MetricsPerson[]; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const totals = useMemo(() => totalsBySalesperson(rows), [rows]);
  const data = totals.map((t) => ({ name: `${t.name} · ${pct(t.percent)}`, won: t.wonCents, target: t.targetCents ?? 0 }));
  const columns: Column<TargetRow>[] = [
    { header: 'Vendedor', text: (r) => r.name, csv: (r) => r.name },
    { header: 'Mês', text: (r) => monthName(r.month), csv: (r) => r.month },
    { header: 'Meta (R$)', text: (r) => (r.targetCents === null ? 'Sem meta' : money(r.targetCents)), csv: (r) => (r.targetCents === null ? null : centsToReais(r.targetCents)), numeric: true },
    { header: 'Ganho (R$)', text: (r) => money(r.wonCents), csv: (r) => centsToReais(r.wonCents), numeric: true },
    { header: 'Atingido', text: (r) => pct(r.percent), csv: (r) => r.percent, numeric: true },
  ];
  return (
    <>
      <ChartCard
        title="Metas por vendedor"
        description="Quanto cada vendedor ganhou no período diante da soma das suas metas mensais (o traço escuro marca a meta) e o percentual atingido."
        fileName="metas-por-vendedor"
        rows={rows}
        columns={columns}
        empty={canEdit ? 'Nenhuma meta nem venda no período. Defina as metas da equipe.' : 'Nenhuma meta nem venda no período. Um administrador define as metas da equipe.'}
        actions={
          canEdit ? (
            <Button size="sm" onClick={() => setEditing(true)}>
              <Target aria-hidden /> Definir metas
            </Button>
          ) : null
        }
      >
        <ResponsiveContainer width="100%" height={Math.max(140, data.length * 46 + 48)}>
          <BarChart data={data} layout="vertical" margin={{ left: 4, right: 16 }} barGap={-BAR} barSize={BAR} accessibilityLayer={false}>
            <CartesianGrid horizontal={false} stroke="#e2e8f0" />
            <XAxis type="number" tick={TICK} tickFormatter={compactMoney} />
            <YAxis type="category" dataKey="name" tick={TICK} width={130} tickFormatter={(s: string) => (s.length > 22 ? `${s.slice(0, 21)}…` : s)} />
            <Tooltip formatter={(v) => money(Number(v))} />
            <Legend />
            <Bar dataKey="won" name="Ganho" fill="#15803d" isAnimationActive={false} />
            <Bar dataKey="target" name="Meta" fill="#0f172a" shape={TargetMarker} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
        {!canEdit && <p className="mt-2 text-xs text-slate-600">Somente administradores definem as metas.</p>}
      </ChartCard>
      {canEdit && editing && <TargetsDialog open={editing} onOpenChange={setEditing} rows={rows} months={months} owners={owners} />}
    </>
  );
}

export function TargetsDialog({ open, onOpenChange, rows, months, owners }: { open: boolean; onOpenChange: (o: boolean) => void; rows: TargetRow[]; months: string[]; owners: MetricsPerson[] }) {
  const id = useId();
  const [month, setMonth] = useState(months.at(-1)!);
  const current = (userId: string, m: string) => rows.find((r) => r.userId === userId && r.month === m)?.targetCents ?? null;
  const initial = (m: string) => Object.fromEntries(owners.map((o) => [o.id, current(o.id, m)]));
  const [values, setValues] = useState<Record<string, number | null>>(() => initial(month));
  const [error, setError] = useState<string | null>(null);
  const save = usePutTargets();

  const changeMonth = (m: string) => {
    setMonth(m);
    setValues(initial(m));
    setError(null);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const targets: Array<{ userId: string; month: string; targetCents: number | null }> = [];
    for (const o of owners) {
      const cents = values[o.id] ?? null;
      if (cents !== current(o.id, month)) targets.push({ userId: o.id, month, targetCents: cents });
    }
    if (!targets.length) return onOpenChange(false);
    try {
      await save.mutateAsync({ targets });
      onOpenChange(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Não foi possível salvar as metas.');
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Definir metas" description="A meta de vendas de cada pessoa no mês, em reais. Deixe em branco para não ter meta.">
      <form onSubmit={submit} className="grid gap-4">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-month`} className="text-sm font-medium text-slate-800">
            Mês
          </label>
          <select id={`${id}-month`} className={inputClass} value={month} onChange={(e) => changeMonth(e.target.value)}>
            {months.map((m) => (
              <option key={m} value={m}>
                {monthName(m)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="grid max-h-[50vh] gap-2 overflow-y-auto">
          <legend className="mb-1 text-sm font-medium text-slate-800">Meta por vendedor (R$)</legend>
          {owners.map((o) => (
            <div key={o.id} className="grid grid-cols-[1fr_9rem] items-center gap-3">
              <label htmlFor={`${id}-${o.id}`} className="truncate text-sm text-slate-800">
                {o.name}
              </label>
              <MoneyInput id={`${id}-${o.id}`} placeholder="Sem meta" cents={values[o.id] ?? null} onCents={(cents) => setValues((v) => ({ ...v, [o.id]: cents }))} />
            </div>
          ))}
        </fieldset>
        <FormActions error={error} onCancel={() => onOpenChange(false)} submitLabel="Salvar metas" pending={save.isPending} />
      </form>
    </Dialog>
  );
}
