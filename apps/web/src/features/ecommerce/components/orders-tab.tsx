import { ShoppingCart } from 'lucide-react';
import { useMemo } from 'react';
import { count, dateTime, money } from '@sede/shared/format';
import { ORDER_COUNT_CAP, ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderListItem, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, PROVIDER_LABELS, type Store } from '@sede/shared/ecommerce/schemas';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { FilterBar, optionsOf } from '../../../components/ui/filter-bar.tsx';
import { PeriodFields } from '../../../components/ui/period-fields.tsx';
import { RecordLink } from '../../../components/ui/record-link.tsx';
import { patchParams, useUrlParams } from '../../../lib/url-params.ts';
import type { OrderFilters } from '../api/keys.ts';
import { useOrders } from '../api/list-orders.ts';
import { FulfillmentBadge, OrderStatusBadge, PaymentBadge } from './status-badges.tsx';

const columns: DataColumn<OrderListItem>[] = [
  {
    id: 'number',
    header: 'Pedido',
    card: 'title',
    cell: (o) => (
      <>
        <RecordLink to={`/ecommerce/pedidos/${o.id}`}>Pedido #{o.number}</RecordLink>
        <span className="block text-xs font-normal text-slate-600">
          {o.storeName} · {PROVIDER_LABELS[o.provider]}
        </span>
      </>
    ),
  },
  { id: 'buyer', header: 'Cliente', card: 'subtitle', cell: (o) => o.buyerName },
  { id: 'placedAt', header: 'Data', card: 'meta', className: 'whitespace-nowrap', cell: (o) => dateTime(o.placedAt) },
  { id: 'total', header: 'Total', card: 'meta', align: 'right', className: 'whitespace-nowrap', cell: (o) => money(o.totalCents) },
  { id: 'payment', header: 'Pagamento', card: 'badge', cell: (o) => <PaymentBadge status={o.paymentStatus} /> },
  {
    id: 'status',
    header: 'Situação',
    card: 'meta',
    cell: (o) => (o.status === 'cancelled' ? <OrderStatusBadge status={o.status} /> : <FulfillmentBadge status={o.fulfillmentStatus} />),
  },
];

/** The orders of every store, newest first: filters by store, status, payment and period in the URL. */
export function OrdersTab({ stores }: { stores: readonly Store[] }) {
  const [params, setParams] = useUrlParams();
  const setDay = (key: string) => (value: string) => setParams(patchParams({ [key]: value }), { replace: true });
  const filters: OrderFilters = useMemo(
    () => ({
      q: params.get('q') ?? undefined,
      storeId: params.get('loja') ?? undefined,
      status: params.get('situacao') ?? undefined,
      payment: params.get('pagamento') ?? undefined,
      from: params.get('de') ?? undefined,
      to: params.get('ate') ?? undefined,
    }),
    [params],
  );
  const query = useOrders(filters);
  const orders = query.data?.pages.flatMap((p) => p.orders) ?? [];
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className="grid min-w-0 gap-4">
      <FilterBar
        label="Filtros de pedidos"
        className="sm:grid-cols-2 lg:grid-cols-3"
        search={{ label: 'Buscar por número, cliente ou e-mail', className: 'sm:col-span-2 lg:col-span-3' }}
        selects={[
          { key: 'loja', label: 'Loja', all: 'Todas as lojas', options: stores.map((s) => ({ value: s.id, label: `${s.name} (${PROVIDER_LABELS[s.provider]})` })) },
          { key: 'situacao', label: 'Situação do pedido', all: 'Todas as situações', options: optionsOf(ORDER_STATUSES, ORDER_STATUS_LABELS) },
          { key: 'pagamento', label: 'Pagamento', all: 'Todos os pagamentos', options: optionsOf(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS) },
        ]}
      />
      <div className="grid grid-cols-2 gap-2 sm:max-w-md">
        <PeriodFields start={filters.from ?? ''} end={filters.to ?? ''} onStart={setDay('de')} onEnd={setDay('ate')} endLabel="Fim" />
      </div>
      <DataList
        label="Pedidos"
        rows={orders}
        columns={columns}
        query={query}
        filtered={filtered}
        paging={query}
        total={query.data?.pages[0]?.total ?? null}
        countLabel={(n) => (n > ORDER_COUNT_CAP ? `mais de ${count(ORDER_COUNT_CAP)} pedidos` : n === 1 ? '1 pedido' : `${count(n)} pedidos`)}
        rowTestId="order-row"
        states={listStates(
          ShoppingCart,
          'os pedidos',
          {
            title: 'Nenhum pedido ainda',
            description: 'Os pedidos das lojas conectadas aparecem aqui assim que a importação termina e, depois, a cada novo pedido, pagamento ou cancelamento.',
          },
          { title: 'Nenhum pedido com estes filtros', description: 'Mude a busca, a loja, a situação ou o período para ver outros pedidos.' },
        )}
      />
    </div>
  );
}
