import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Package, Pencil, Search, Trash2 } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { Product } from '@sede/shared/crm/quotes';
import { crmQuoteKeys, deleteProduct, listProducts } from '../../../components/crm-quotes/api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { type DataColumn, DataList } from '../../../components/ui/data-list.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { money } from '@sede/shared/format';
import { ProductDialog } from './product-dialog.tsx';
import { AddButton } from '../../../components/ui/add-button.tsx';
import { ListToolbar } from './list-toolbar.tsx';

const columns = (onEdit: (p: Product) => void, onDelete: (p: Product) => void): DataColumn<Product>[] => [
  {
    id: 'name',
    header: 'Nome',
    card: 'title',
    cell: (p) => (
      <>
        <span className="block font-medium text-slate-900">{p.name}</span>
        {p.description && <span className="line-clamp-1 text-xs font-normal text-slate-600">{p.description}</span>}
      </>
    ),
  },
  { id: 'code', header: 'Código', cell: (p) => <span className="font-mono text-xs">{p.code ?? '—'}</span> },
  { id: 'unit', header: 'Unidade', cell: (p) => p.unit },
  { id: 'price', header: 'Preço', align: 'right', cell: (p) => money(p.priceCents) },
  { id: 'active', header: 'Situação', card: 'badge', cell: (p) => (p.active ? 'Ativo' : 'Inativo') },
  { id: 'actions', header: 'Ações', card: 'subtitle', cell: (p) => <RowActions product={p} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} /> },
];

/** Produtos e serviços: the catalogue the quotes pick from (table on wide screens, cards on phones). */
export function ProductsTab() {
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const products = useQuery({ queryKey: crmQuoteKeys.products(`all:${query}`), queryFn: () => listProducts({ q: query || undefined, active: 'all' }) });
  const remove = useMutation({
    mutationFn: (p: Product) => deleteProduct(p.id),
    onSuccess: () => {
      toast.success('Produto excluído. Os orçamentos já feitos mantêm a descrição e o preço.');
      void qc.invalidateQueries({ queryKey: crmQuoteKeys.all });
    },
    onError: (e) => toast.error(e.message),
  });
  const items = products.data?.items ?? [];
  const empty = products.isSuccess && items.length === 0 && !query;
  return (
    <div className="grid grid-cols-1 gap-4">
      <ListToolbar firstUse={empty} align="center" addLabel="Novo produto ou serviço" onAdd={() => setEditing('new')}>
        <div className="relative sm:w-80">
          <Search className="pointer-events-none absolute top-3 left-3 size-4 text-slate-500" aria-hidden />
          <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Buscar por nome ou código" aria-label="Buscar produtos e serviços" className="pl-9" />
        </div>
      </ListToolbar>
      <DataList
        label="Produtos e serviços"
        rows={items}
        columns={columns((p) => setEditing(p), (p) => remove.mutate(p))}
        query={products}
        filtered={Boolean(query)}
        states={{
          icon: Package,
          loading: 'Carregando o catálogo…',
          failed: 'Não foi possível carregar o catálogo',
          noMatch: `Nenhum produto ou serviço encontrado para “${query}”.`,
          empty: {
            title: 'Monte o catálogo de produtos e serviços',
            description: 'Cadastre o que a empresa vende, com preço e unidade, para montar orçamentos em poucos cliques e enviar o PDF ao cliente.',
            action: <AddButton onClick={() => setEditing('new')}>Cadastrar o primeiro</AddButton>,
          },
        }}
      />
      {editing && <ProductDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function RowActions({ product, onEdit, onDelete }: { product: Product; onEdit: () => void; onDelete: () => void }) {
  const confirm = useConfirm();
  return (
    <div className="flex gap-1">
      <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Editar ${product.name}`}>
        <Pencil aria-hidden /> Editar
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Excluir ${product.name}`}
        onClick={async () => {
          if (await confirm.ask({ title: `Excluir “${product.name}” do catálogo?`, description: 'Os orçamentos já feitos mantêm a descrição e o preço do item.', confirmLabel: 'Excluir', destructive: true })) onDelete();
        }}
      >
        <Trash2 aria-hidden />
      </Button>
      {confirm.dialog}
    </div>
  );
}
