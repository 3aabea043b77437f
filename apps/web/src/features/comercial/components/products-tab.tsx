import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Package, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import type { Product } from '@sede/shared/crm/quotes';
import { crmQuoteKeys, deleteProduct, listProducts } from '../../../components/crm-quotes/api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { money } from '@sede/shared/format';
import { ProductDialog } from './product-dialog.tsx';

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
      {!empty && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div className="relative sm:w-80">
            <Search className="pointer-events-none absolute top-3 left-3 size-4 text-slate-500" aria-hidden />
            <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Buscar por nome ou código" aria-label="Buscar produtos e serviços" className="pl-9" />
          </div>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden /> Novo produto ou serviço
          </Button>
        </div>
      )}
      {products.isPending && <Spinner />}
      {products.isError && (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar o catálogo. {products.error.message}
        </p>
      )}
      {empty && (
        <EmptyState
          icon={Package}
          title="Monte o catálogo de produtos e serviços"
          description="Cadastre o que a empresa vende, com preço e unidade, para montar orçamentos em poucos cliques e enviar o PDF ao cliente."
          action={
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden /> Cadastrar o primeiro
            </Button>
          }
        />
      )}
      {products.isSuccess && items.length === 0 && query && <p className="text-sm text-slate-600">Nenhum produto ou serviço encontrado para “{query}”.</p>}
      {items.length > 0 && (
        <Card className="p-4">
          <table className="hidden w-full text-left text-sm md:table" data-testid="products-table">
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">Nome</th>
                <th scope="col" className="py-2 pr-3 font-medium">Código</th>
                <th scope="col" className="py-2 pr-3 font-medium">Unidade</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Preço</th>
                <th scope="col" className="py-2 pr-3 font-medium">Situação</th>
                <th scope="col" className="py-2 font-medium"><span className="sr-only">Ações</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((p) => (
                <tr key={p.id}>
                  <td className="py-2 pr-3">
                    <p className="font-medium text-slate-900">{p.name}</p>
                    {p.description && <p className="line-clamp-1 text-xs text-slate-600">{p.description}</p>}
                  </td>
                  <td className="py-2 pr-3 font-mono text-xs">{p.code ?? '—'}</td>
                  <td className="py-2 pr-3">{p.unit}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(p.priceCents)}</td>
                  <td className="py-2 pr-3">{p.active ? 'Ativo' : 'Inativo'}</td>
                  <td className="py-2">
                    <RowActions product={p} onEdit={() => setEditing(p)} onDelete={() => remove.mutate(p)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label="Produtos e serviços">
            {items.map((p) => (
              <li key={p.id} className="grid min-w-0 grid-cols-1 gap-1 rounded-lg border border-slate-200 p-3">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-medium text-slate-900">{p.name}</p>
                  <p className="shrink-0 font-semibold tabular-nums">{money(p.priceCents)}</p>
                </div>
                <p className="text-sm text-slate-600">
                  {p.code ? `${p.code} · ` : ''}por {p.unit} · {p.active ? 'Ativo' : 'Inativo'}
                </p>
                <RowActions product={p} onEdit={() => setEditing(p)} onDelete={() => remove.mutate(p)} />
              </li>
            ))}
          </ul>
        </Card>
      )}
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
