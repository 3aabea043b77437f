import { DRE_GROUPS } from '@sede/shared/finance/dre';
import type { CategoryKind, FinCategory } from '@sede/shared/finance/registers';
import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { updateCategory } from '../../api/update-category.ts';
import { EditArchiveButtons } from '../archive-toggle-button.tsx';
import { CategoryDialog } from './category-dialog.tsx';
import { useSaveRegister } from './use-save-register.ts';

const dreLabel = (key: string) => DRE_GROUPS.find((g) => g.key === key)?.label ?? key;

/** The chart of categories, income and expenses side by side, reordered with arrows. */
export function CategoriesCard({ categories, mayWrite }: { categories: FinCategory[]; mayWrite: boolean }) {
  const [editing, setEditing] = useState<FinCategory | { kind: CategoryKind; parentId: string | null } | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const save = useSaveRegister();
  const [moving, setMoving] = useState(false);
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; dir: 'up' | 'down' } | null>(null);
  const visible = categories.filter((c) => showArchived || !c.archived);
  // Keyboard: the moved category keeps the focus on its arrow (or on the other one at an end).
  useEffect(() => {
    if (!focusAfterMove) return;
    const at = (dir: string) => document.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.id}:${dir}"]`);
    const target = at(focusAfterMove.dir);
    (target && !target.disabled ? target : at(focusAfterMove.dir === 'up' ? 'down' : 'up'))?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);
  /** Moves a category one place among its siblings (same kind and group): the siblings are renumbered 0…n (decision 0199). */
  const move = async (c: FinCategory, siblings: FinCategory[], dir: 'up' | 'down') => {
    const i = siblings.findIndex((s) => s.id === c.id);
    const j = dir === 'up' ? i - 1 : i + 1;
    if (i < 0 || j < 0 || j >= siblings.length) return;
    const order = [...siblings];
    [order[i], order[j]] = [order[j]!, order[i]!];
    setMoving(true);
    const error = await save(
      () => Promise.all(order.map((s, position) => (s.position === position ? null : updateCategory(s.id, { position })))),
      dir === 'up' ? `${c.name} subiu.` : `${c.name} desceu.`,
    );
    setMoving(false);
    if (error) toast.error(error);
    else setFocusAfterMove({ id: c.id, dir });
  };
  const column = (kind: CategoryKind, title: string) => {
    const ofKind = visible.filter((c) => c.kind === kind);
    const roots = ofKind.filter((c) => !c.parentId || !ofKind.some((p) => p.id === c.parentId));
    const siblingsOf = (c: FinCategory) => (roots.includes(c) ? roots : ofKind.filter((s) => s.parentId === c.parentId));
    const row = (c: FinCategory, child: boolean) => (
      <li key={c.id} className={`flex flex-wrap items-center justify-between gap-x-2 py-1.5 ${child ? 'pl-5' : ''} ${c.archived ? 'opacity-60' : ''}`}>
        <div className="min-w-0 flex-1 basis-48">
          <p className={`truncate text-sm ${child ? 'text-slate-800' : 'font-medium text-slate-900'}`}>
            {c.name}
            {c.archived && <span className="ml-1 text-xs text-slate-600">(arquivada)</span>}
          </p>
          {!child && <p className="truncate text-xs text-slate-600">DRE: {dreLabel(c.dreGroup)}</p>}
        </div>
        {mayWrite && (
          <div className="ml-auto flex shrink-0">
            {(() => {
              const siblings = siblingsOf(c);
              const i = siblings.indexOf(c);
              return (
                <>
                  <Button size="sm" variant="ghost" className="px-2" data-move={`${c.id}:up`} aria-label={`Mover ${c.name} para cima`} disabled={moving || i <= 0} onClick={() => move(c, siblings, 'up')}>
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button size="sm" variant="ghost" className="px-2" data-move={`${c.id}:down`} aria-label={`Mover ${c.name} para baixo`} disabled={moving || i >= siblings.length - 1} onClick={() => move(c, siblings, 'down')}>
                    <ArrowDown aria-hidden />
                  </Button>
                </>
              );
            })()}
            {!child && (
              <Button size="sm" variant="ghost" aria-label={`Nova categoria em ${c.name}`} onClick={() => setEditing({ kind, parentId: c.id })}>
                <Plus aria-hidden />
              </Button>
            )}
            <EditArchiveButtons name={c.name} archived={c.archived} onEdit={() => setEditing(c)} toggle={() => save(() => updateCategory(c.id, { archived: !c.archived }), c.archived ? 'Categoria reativada.' : 'Categoria arquivada.')} />
          </div>
        )}
      </li>
    );
    return (
      <section aria-label={title} className="flex min-w-0 flex-col gap-2">
        <div className="flex items-center justify-between">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
          {mayWrite && (
            <Button size="sm" variant="secondary" onClick={() => setEditing({ kind, parentId: null })}>
              <Plus aria-hidden /> Grupo
            </Button>
          )}
        </div>
        <ul className="divide-y divide-slate-100">
          {roots.map((r) => [row(r, false), ...ofKind.filter((c) => c.parentId === r.id).map((c) => row(c, true))])}
        </ul>
      </section>
    );
  };
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>Categorias</CardTitle>
          <CardDescription>O plano de contas: cada categoria soma em uma linha do DRE gerencial. Arquive o que não usa; renomeie e mova à vontade.</CardDescription>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} /> Mostrar arquivadas
        </label>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {column('income', 'Receitas')}
        {column('expense', 'Despesas')}
      </CardContent>
      <CategoryDialog value={editing} categories={categories} onClose={() => setEditing(null)} />
    </Card>
  );
}
