import { DRE_GROUPS, type DreGroup } from '@sede/shared/finance/dre';
import type { CategoryKind, FinCategory } from '@sede/shared/finance/registers';
import { useEffect, useState, type FormEvent } from 'react';
import { FormAlert } from '../../../../components/form/form-alert.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { FormActions } from '../../../../components/ui/form-actions.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { NamedOptions } from '../../../../components/ui/named-options.tsx';
import { createCategory } from '../../api/create-category.ts';
import { updateCategory } from '../../api/update-category.ts';
import { Select } from '../select.tsx';
import { useSaveRegister } from './use-save-register.ts';

/** A new category (of a kind, maybe inside a group) or an existing one: name, group, DRE line. */
export function CategoryDialog({ value, categories, onClose }: { value: FinCategory | { kind: CategoryKind; parentId: string | null } | null; categories: FinCategory[]; onClose: () => void }) {
  const save = useSaveRegister();
  const existing = value && 'id' in value ? value : null;
  const kind = value?.kind ?? 'expense';
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState('');
  const [dreGroup, setDreGroup] = useState<DreGroup>('despesas_operacionais');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens on another category
  useEffect(() => {
    if (!value) return;
    const parent = categories.find((c) => c.id === value.parentId);
    setName(existing?.name ?? '');
    setParentId(value.parentId ?? '');
    setDreGroup(existing?.dreGroup ?? parent?.dreGroup ?? (value.kind === 'income' ? 'receita_bruta' : 'despesas_operacionais'));
    setError(null);
  }, [value]);
  const parents = categories.filter((c) => c.kind === kind && !c.parentId && c.id !== existing?.id && !c.archived);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Informe o nome.');
    setPending(true);
    const err = existing
      ? await save(() => updateCategory(existing.id, { name, parentId: parentId || null, dreGroup }), 'Categoria atualizada.')
      : await save(() => createCategory({ name, kind, parentId: parentId || null, dreGroup }), 'Categoria criada.');
    setPending(false);
    if (err) setError(err);
    else onClose();
  };
  return (
    <Dialog open={!!value} onOpenChange={(o) => !o && onClose()} title={existing ? 'Editar categoria' : kind === 'income' ? 'Nova categoria de receita' : 'Nova categoria de despesa'}>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        {error && <FormAlert title={error} />}
        <Field label="Nome">
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
        </Field>
        <Field label="Dentro de">
          <Select
            value={parentId}
            onChange={(e) => {
              setParentId(e.target.value);
              const p = categories.find((c) => c.id === e.target.value);
              if (p) setDreGroup(p.dreGroup);
            }}
          >
            <option value="">Nenhuma (grupo principal)</option>
            <NamedOptions items={parents} />
          </Select>
        </Field>
        <Field label="Linha do DRE">
          <Select value={dreGroup} onChange={(e) => setDreGroup(e.target.value as DreGroup)}>
            {DRE_GROUPS.filter((g) => g.kind === kind || g.key === 'investimentos').map((g) => (
              <option key={g.key} value={g.key}>
                {g.label}
              </option>
            ))}
          </Select>
        </Field>
        <FormActions onCancel={onClose} pending={pending} submitLabel="Salvar" stacked />
      </form>
    </Dialog>
  );
}
