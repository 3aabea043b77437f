import { Package, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { count, dateTime, money } from '@sede/shared/format';
import { MATCH_FILTERS, MATCH_LABELS, type StoreProduct } from '@sede/shared/ecommerce/products';
import type { Store } from '@sede/shared/ecommerce/schemas';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { FilterBar, optionsOf } from '../../../components/ui/filter-bar.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';
import { type ProductFilters, useStoreProducts } from '../api/products.ts';
import { PushDialog } from './push-dialog.tsx';

const stockText = (p: StoreProduct) => (p.stock === null ? 'Sem controle' : `${count(p.stock)} un.`);

/** The stores' catalogue (decision 0687): SKU, price, stock, its CRM product by SKU, and 'Enviar para a loja' for managers. */
export function ProductsTab({ stores, mayManage }: { stores: readonly Store[]; mayManage: boolean }) {
  const [params] = useUrlParams();
  const [pushing, setPushing] = useState<StoreProduct | null>(null);
  const filters: ProductFilters = useMemo(() => ({ q: params.get('q') ?? undefined, storeId: params.get('loja') ?? undefined, match: params.get('crm') ?? undefined }), [params]);
  const query = useStoreProducts(filters);
  const products = query.data?.pages.flatMap((p) => p.products) ?? [];
  const first = query.data?.pages[0];

  const columns: DataColumn<StoreProduct>[] = [
    {
      id: 'name',
      header: 'Produto',
      card: 'title',
      cell: (p) => (
        <>
          <span className="font-medium text-slate-900">{p.name}</span>
          <span className="block text-xs font-normal text-slate-600">{p.storeName}</span>
        </>
      ),
    },
    { id: 'sku', header: 'SKU', card: 'subtitle', cell: (p) => p.sku ?? <span className="text-slate-500">Sem SKU</span> },
    { id: 'price', header: 'Preço', card: 'meta', align: 'right', className: 'whitespace-nowrap', cell: (p) => money(p.priceCents) },
    { id: 'stock', header: 'Estoque', card: 'meta', align: 'right', className: 'whitespace-nowrap', cell: stockText },
    {
      id: 'crm',
      header: 'No CRM',
      card: 'badge',
      cell: (p) =>
        p.crmProduct ? (
          <Badge tone="bg-emerald-100 text-emerald-900" title={`${p.crmProduct.name}: ${money(p.crmProduct.priceCents)}`}>
            Vinculado
          </Badge>
        ) : (
          <Badge tone="bg-slate-100 text-slate-800">Sem vínculo</Badge>
        ),
    },
    {
      id: 'actions',
      header: 'Ações',
      card: 'meta',
      cell: (p) =>
        mayManage && p.canPush ? (
          <Button variant="secondary" size="sm" onClick={() => setPushing(p)} aria-label={`Enviar preço e estoque de ${p.name} para a loja`}>
            <Send aria-hidden /> Enviar para a loja
          </Button>
        ) : p.pushedAt ? (
          <span className="text-xs text-slate-600">Enviado em {dateTime(p.pushedAt)}</span>
        ) : null,
    },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <FilterBar
        label="Filtros de produtos"
        className="sm:grid-cols-2"
        search={{ label: 'Buscar por SKU ou nome', className: 'sm:col-span-2' }}
        selects={[
          { key: 'loja', label: 'Loja', all: 'Todas as lojas', options: stores.map((s) => ({ value: s.id, label: s.name })) },
          { key: 'crm', label: 'Vínculo com o CRM', all: 'Todos os produtos', options: optionsOf(MATCH_FILTERS, MATCH_LABELS) },
        ]}
      />
      {first ? (
        <p className="text-sm text-slate-600">
          {count(first.matched)} de {count(first.total)} com um produto do CRM de mesmo código (SKU). Cadastre o SKU no produto do CRM para vinculá-lo.
        </p>
      ) : null}
      <DataList
        label="Produtos das lojas"
        rows={products}
        columns={columns}
        query={query}
        filtered={Object.values(filters).some(Boolean)}
        paging={query}
        total={first?.total ?? null}
        countLabel={(n) => (n === 1 ? '1 produto' : `${count(n)} produtos`)}
        rowTestId="product-row"
        states={listStates(
          Package,
          'os produtos',
          { title: 'Nenhum produto ainda', description: 'O catálogo das lojas conectadas aparece aqui depois da importação, com preço e estoque de cada variação.' },
          { title: 'Nenhum produto com estes filtros', description: 'Mude a busca, a loja ou o vínculo com o CRM.' },
        )}
      />
      {pushing ? <PushDialog product={pushing} onClose={() => setPushing(null)} /> : null}
    </div>
  );
}
