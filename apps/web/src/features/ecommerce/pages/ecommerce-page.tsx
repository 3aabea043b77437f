import { can, grantsFor } from '@sede/shared/registry/permissions';
import { ShoppingCart } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListSkeleton } from '../../../components/ui/list-skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { ecommerceKeys } from '../api/keys.ts';
import { useStores } from '../api/list-stores.ts';
import { productKeys } from '../api/products.ts';
import { ConnectButton } from '../components/connect-button.tsx';
import { OrdersTab } from '../components/orders-tab.tsx';
import { OverviewTab } from '../components/overview-tab.tsx';
import { ProductsTab } from '../components/products-tab.tsx';
import { StoresPanel } from '../components/stores-panel.tsx';

/**
 * /ecommerce (decision 0680): the orders of the connected stores and the stores themselves, as
 * tabs in the URL (`aba`); before any store, what the area is for and how to connect one.
 */
export default function EcommercePage() {
  const { membership } = useAuth();
  const mayManage = can(grantsFor(membership), 'ecommerce.manage');
  const stores = useStores();
  useLiveInvalidate('ecommerce_order', ecommerceKeys.orders);
  // The store cards count their orders: an order applied after the store's last change (a
  // platform's notification, the import's last page) changes the count without a store event.
  useLiveInvalidate('ecommerce_order', ecommerceKeys.stores);
  useLiveInvalidate('ecommerce_store', ecommerceKeys.stores);
  useLiveInvalidate('ecommerce_product', productKeys.products);

  if (stores.isPending) return <ListSkeleton label="Carregando as lojas…" />;
  if (stores.isError) return <p role="alert" className="text-sm text-red-700">Não foi possível carregar as lojas.</p>;
  const list = stores.data;

  if (list.stores.length === 0) {
    return (
      <EmptyState
        icon={ShoppingCart}
        title="Traga os pedidos da sua loja virtual"
        description={
          mayManage
            ? list.available.length > 0
              ? 'Conecte a loja da Nuvemshop ou a conta do Mercado Livre e os pedidos dos últimos 90 dias chegam sozinhos, e depois cada novo pedido, pagamento ou cancelamento. Quem compra vira cliente em Pessoas e empresas e cada pedido pago vira uma conta recebida no Financeiro, o catálogo da loja se liga aos produtos do CRM pelo SKU e a visão geral mostra as vendas por dia, por canal e os mais vendidos, sem redigitar nada.'
              : 'Esta instalação do Sede ainda não tem o aplicativo da Nuvemshop nem o do Mercado Livre configurado. Peça ao responsável pela instalação para configurá-los; depois, conecte a loja aqui.'
            : 'Aqui ficam os pedidos das lojas virtuais da empresa, com cliente, itens, frete e pagamento. Peça a um administrador para conectar a loja da Nuvemshop ou a conta do Mercado Livre.'
        }
        action={
          mayManage && list.available.length > 0 ? (
            <div className="flex flex-wrap justify-center gap-2">
              {list.available.map((p, i) => (
                <ConnectButton key={p} provider={p} variant={i === 0 ? 'primary' : 'secondary'} />
              ))}
            </div>
          ) : undefined
        }
      />
    );
  }

  return (
    <Tabs
      label="E-commerce"
      resets={['loja', 'situacao', 'pagamento', 'de', 'ate', 'q', 'crm']}
      tabs={[
        { value: 'pedidos', label: 'Pedidos', content: <OrdersTab stores={list.stores} /> },
        { value: 'produtos', label: 'Produtos', content: <ProductsTab stores={list.stores} mayManage={mayManage} /> },
        { value: 'visao-geral', label: 'Visão geral', content: <OverviewTab /> },
        { value: 'lojas', label: 'Lojas', content: <StoresPanel list={list} mayManage={mayManage} /> },
      ]}
    />
  );
}
