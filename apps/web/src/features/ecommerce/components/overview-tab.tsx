import { lazy, Suspense, useState } from 'react';
import { count, money } from '@sede/shared/format';
import { PROVIDER_LABELS } from '@sede/shared/ecommerce/schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { Card } from '../../../components/ui/card.tsx';
import { ChartCard } from '../../../components/ui/chart-card.tsx';
import { FiguresTable } from '../../../components/ui/figures-table.tsx';
import { ListSkeleton } from '../../../components/ui/list-skeleton.tsx';
import { PeriodFields } from '../../../components/ui/period-fields.tsx';
import { useOverview } from '../api/products.ts';

const SalesByDayChart = lazy(() => import('./overview-charts.tsx'));
const shortDay = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card className="grid gap-1 p-4">
      <span className="text-sm text-slate-600">{label}</span>
      <span className="text-2xl font-semibold tabular-nums text-slate-900">{value}</span>
      {hint ? <span className="text-xs text-slate-600">{hint}</span> : null}
    </Card>
  );
}

/** 'Visão geral' (decision 0689): the period's sales, average ticket, cancellations and fees; sales by day, by store, best sellers. */
export function OverviewTab() {
  const today = todayInBrazil();
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  const query = useOverview(from, to);
  const o = query.data;
  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid grid-cols-2 gap-2 sm:max-w-md">
        <PeriodFields start={from} end={to} onStart={(v) => v && setFrom(v)} onEnd={(v) => v && setTo(v)} endLabel="Fim" />
      </div>
      {query.isError ? <p role="alert" className="text-sm text-red-700">{(query.error as Error).message || 'Não foi possível carregar a visão geral.'}</p> : null}
      {!o ? (
        query.isPending ? <ListSkeleton label="Carregando a visão geral…" /> : null
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Figure label="Vendas pagas" value={money(o.totals.revenueCents)} hint={`${count(o.totals.paidOrders)} de ${count(o.totals.orders)} pedidos`} />
            <Figure label="Ticket médio" value={money(o.totals.averageTicketCents)} />
            <Figure label="Cancelamentos" value={count(o.totals.cancelledOrders)} hint={money(o.totals.cancelledCents)} />
            <Figure label="Tarifas das plataformas" value={money(o.totals.feeCents)} hint={o.totals.feeCents === 0 ? 'A Nuvemshop não informa tarifas' : undefined} />
          </div>
          <ChartCard
            title="Vendas por dia"
            description={`Pedidos pagos e não cancelados, de ${shortDay(o.from)} a ${shortDay(o.to)}.`}
            empty={o.totals.paidOrders === 0 ? 'Nenhuma venda paga neste período.' : null}
            table={<FiguresTable caption="Vendas por dia" headers={['Dia', 'Pedidos', 'Vendas']} rows={o.days.filter((d) => d.orders > 0).map((d) => ({ label: shortDay(d.date), values: [count(d.orders), money(d.revenueCents)] }))} />}
          >
            <Suspense fallback={<div className="h-60" />}>
              <SalesByDayChart days={o.days} />
            </Suspense>
          </ChartCard>
          <div className="grid min-w-0 gap-4 lg:grid-cols-2">
            <Card className="grid min-w-0 content-start gap-2 p-4 sm:p-5">
              <h3 className="text-base font-semibold text-slate-900">Vendas por canal</h3>
              {o.channels.length ? (
                <FiguresTable
                  caption="Vendas por loja"
                  headers={['Loja', 'Vendas', 'Valor', 'Cancel.']}
                  rows={o.channels.map((c) => ({ label: `${c.storeName} (${PROVIDER_LABELS[c.provider]})`, values: [count(c.orders), money(c.revenueCents), count(c.cancelledOrders)] }))}
                />
              ) : (
                <p className="text-sm text-slate-600">Nenhum pedido neste período.</p>
              )}
            </Card>
            <Card className="grid min-w-0 content-start gap-2 p-4 sm:p-5">
              <h3 className="text-base font-semibold text-slate-900">Produtos mais vendidos</h3>
              {o.topProducts.length ? (
                <FiguresTable
                  caption="Produtos mais vendidos"
                  headers={['Produto', 'Qtd.', 'Valor']}
                  rows={o.topProducts.map((p) => ({ label: p.sku ? `${p.name} (${p.sku})` : p.name, values: [count(p.quantity), money(p.revenueCents)] }))}
                />
              ) : (
                <p className="text-sm text-slate-600">Nenhuma venda paga neste período.</p>
              )}
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
