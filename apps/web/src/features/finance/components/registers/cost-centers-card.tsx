import type { FinCostCenter } from '@sede/shared/finance/registers';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { FormActions } from '../../../../components/ui/form-actions.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { createCostCenter } from '../../api/create-cost-center.ts';
import { updateCostCenter } from '../../api/update-cost-center.ts';
import { EditArchiveButtons } from '../archive-toggle-button.tsx';
import { useSaveRegister } from './use-save-register.ts';

/** Cost centres: added inline, renamed in a dialog, archived. */
export function CostCentersCard({ costCenters, mayWrite }: { costCenters: FinCostCenter[]; mayWrite: boolean }) {
  const save = useSaveRegister();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<FinCostCenter | null>(null);
  const [newName, setNewName] = useState('');
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Informe o nome.');
    const err = await save(() => createCostCenter({ name }), 'Centro de custo criado.');
    setError(err);
    if (!err) setName('');
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Centros de custo</CardTitle>
        <CardDescription>Separe despesas e receitas por loja, projeto ou departamento para comparar resultados.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {mayWrite && (
          <form onSubmit={add} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
            <div className="grid flex-1 gap-1">
              <Field label="Novo centro de custo" error={error ?? undefined}>
                <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="Ex.: Loja Centro" maxLength={120} />
              </Field>
            </div>
            <Button type="submit">
              <Plus aria-hidden /> Adicionar
            </Button>
          </form>
        )}
        {costCenters.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum centro de custo ainda. São opcionais.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {costCenters.map((c) => (
              <li key={c.id} className={`flex items-center justify-between gap-2 py-1.5 ${c.archived ? 'opacity-60' : ''}`}>
                <span className="text-sm text-slate-900">
                  {c.name}
                  {c.archived && <span className="ml-1 text-xs text-slate-600">(arquivado)</span>}
                </span>
                {mayWrite && (
                  <div className="flex">
                    <EditArchiveButtons name={c.name} archived={c.archived} editVerb="Renomear" onEdit={() => { setRenaming(c); setNewName(c.name); }} toggle={() => save(() => updateCostCenter(c.id, { archived: !c.archived }), c.archived ? 'Centro de custo reativado.' : 'Centro de custo arquivado.')} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <Dialog open={!!renaming} onOpenChange={(o) => !o && setRenaming(null)} title="Renomear centro de custo">
        <form
          className="grid gap-3"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!renaming) return;
            const err = await save(() => updateCostCenter(renaming.id, { name: newName }), 'Centro de custo renomeado.');
            if (err) toast.error(err);
            else setRenaming(null);
          }}
        >
          <Field label="Nome">
            <Input value={newName} onChange={(e) => setNewName(e.target.value)} maxLength={120} />
          </Field>
          <FormActions onCancel={() => setRenaming(null)} submitLabel="Salvar" stacked />
        </form>
      </Dialog>
    </Card>
  );
}
