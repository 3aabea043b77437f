import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { dateTime, document, money } from '@sede/shared/format';
import type { OrderDetail } from '@sede/shared/ecommerce/schemas';
import { Card } from '../../../components/ui/card.tsx';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import { DetailHeader } from '../../../components/ui/detail-header.tsx';
import { FiguresTable } from '../../../components/ui/figures-table.tsx';
import { RecordLink } from '../../../components/ui/record-link.tsx';
import { RecordStates } from '../../../components/ui/record-states.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useOrder } from '../api/get-order.ts';
import { ecommerceKeys } from '../api/keys.ts';
import { FulfillmentBadge, OrderStatusBadge, PaymentBadge } from '../components/status-badges.tsx';

const RECEIVABLE_WORDS: Record<string, string> = { paid: 'Recebido', open: 'Em aberto', cancelled: 'Cancelado (pedido cancelado ou estornado)' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="grid min-w-0 gap-3 p-4">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </Card>
  );
}

/** The order's lines as the store sold them (the SKU with the name: the catalogue's key). */
const Items = ({ order }: { order: OrderDetail }) => (
  <div className="min-w-0 overflow-x-auto">
    <FiguresTable
      caption="Itens do pedido"
      headers={['Produto', 'Qtd.', 'Preço', 'Total']}
      rows={order.items.map((i) => ({ label: i.sku ? `${i.name} · SKU ${i.sku}` : i.name, values: [i.quantity, money(i.unitPriceCents), money(i.totalCents)] }))}
    />
  </div>
);

/** /ecommerce/pedidos/:id: one order with its items, buyer, totals, shipping, payment and what it became in Financeiro. */
export default function OrderPage() {
  const { id = '' } = useParams();
  const query = useOrder(id);
  useLiveInvalidate('ecommerce_order', ecommerceKeys.order(id));
  const back = { to: '/ecommerce?aba=pedidos', label: 'Voltar para os pedidos' };
  return (
    <RecordStates query={query} loading="Carregando o pedido…" notFound="Pedido não encontrado." failed="Não foi possível carregar o pedido." back={back}>
      {(o) => (
        <div className="grid min-w-0 gap-4">
          <DetailHeader
            back={back}
            title={`Pedido #${o.number}`}
            badges={
              <>
                <PaymentBadge status={o.paymentStatus} />
                {o.status === 'cancelled' ? <OrderStatusBadge status={o.status} /> : <FulfillmentBadge status={o.fulfillmentStatus} />}
              </>
            }
            subtitle={`${o.storeName} · ${dateTime(o.placedAt)}`}
          />
          <div className="grid min-w-0 gap-4 lg:grid-cols-[2fr_1fr]">
            <div className="grid min-w-0 content-start gap-4">
              <Section title="Itens">
                <Items order={o} />
                <DefinitionList
                  items={[
                    { label: 'Subtotal', value: money(o.subtotalCents) },
                    { label: 'Desconto', value: money(o.discountCents) },
                    { label: 'Frete', value: money(o.shippingCents) },
                    { label: 'Total', value: <strong>{money(o.totalCents)}</strong> },
                    { label: 'Tarifas da plataforma', value: o.feeCents > 0 ? money(o.feeCents) : 'Não informadas pela plataforma' },
                  ]}
                />
              </Section>
              <Section title="Entrega">
                <DefinitionList
                  items={[
                    { label: 'Situação', value: <FulfillmentBadge status={o.fulfillmentStatus} /> },
                    { label: 'Forma de envio', value: o.shippingMethod ?? '—' },
                    { label: 'Endereço', value: o.shippingAddress ?? '—' },
                  ]}
                />
              </Section>
            </div>
            <div className="grid min-w-0 content-start gap-4">
              <Section title="Cliente">
                <DefinitionList
                  items={[
                    { label: 'Nome', value: o.buyer.name },
                    { label: 'E-mail', value: o.buyer.email ?? '—' },
                    { label: 'Telefone', value: o.buyer.phone ?? '—' },
                    { label: 'CPF/CNPJ', value: document(o.buyer.document) },
                    {
                      label: 'No Sede',
                      value:
                        o.buyer.personId || o.buyer.organizationId ? (
                          <RecordLink to={`/lista-contatos?q=${encodeURIComponent(o.buyer.email ?? o.buyer.name)}`}>Ver nas listas de contatos</RecordLink>
                        ) : (
                          'Vinculado quando o pedido for pago'
                      ),
                    },
                  ]}
                />
              </Section>
              <Section title="Pagamento">
                <DefinitionList
                  items={[
                    { label: 'Situação', value: <PaymentBadge status={o.paymentStatus} /> },
                    { label: 'Forma', value: o.paymentMethod ?? '—' },
                    { label: 'Pago em', value: o.paidAt ? dateTime(o.paidAt) : '—' },
                    ...(o.cancelledAt ? [{ label: 'Cancelado em', value: dateTime(o.cancelledAt) }] : []),
                    {
                      label: 'Financeiro',
                      value: o.receivable ? (
                        <span data-testid="receivable-status">{RECEIVABLE_WORDS[o.receivable.status] ?? o.receivable.status}</span>
                      ) : (
                        'Conta a receber criada quando o pedido for pago'
                      ),
                    },
                  ]}
                />
              </Section>
            </div>
          </div>
        </div>
      )}
    </RecordStates>
  );
}
