import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Product } from '@sede/shared/crm/quotes';
import { crmQuoteKeys, createProduct, updateProduct } from '../../../components/crm-quotes/api.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { MoneyInput } from '../../../components/form/money-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';

/** New or edited product/service of the catalogue. */
export function ProductDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [name, setName] = useState(product?.name ?? '');
  const [code, setCode] = useState(product?.code ?? '');
  const [unit, setUnit] = useState(product?.unit ?? 'un');
  const [priceCents, setPriceCents] = useState<number | null>(product?.priceCents ?? null);
  const [description, setDescription] = useState(product?.description ?? '');
  const [active, setActive] = useState(product?.active ?? true);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: Parameters<typeof createProduct>[0]) => (product ? updateProduct(product.id, input) : createProduct(input)),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: crmQuoteKeys.all });
      onClose();
    },
    onError: (e) => setError(e.message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!name.trim()) return setError('Informe o nome do produto ou serviço.');
    if (priceCents === null || priceCents < 0) return setError('Informe o preço, no formato 1.234,56.');
    save.mutate({ name, code: code || null, unit, priceCents, description, active });
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={product ? 'Editar produto ou serviço' : 'Novo produto ou serviço'}>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <Field label="Nome">
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Código / SKU (opcional)">
            <Input value={code} onChange={(e) => setCode(e.target.value)} maxLength={60} />
          </Field>
          <Field label="Unidade" hint="un, h, kg, mês…">
            <Input value={unit} onChange={(e) => setUnit(e.target.value)} maxLength={20} />
          </Field>
        </div>
        <Field label="Preço (R$)">
          <MoneyInput cents={priceCents} onCents={setPriceCents} required />
        </Field>
        <Field label="Descrição (opcional)">
          <textarea className={`${inputClass} h-20`} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className="size-4" /> Ativo (aparece nos novos orçamentos)
        </label>
        {error && <FormAlert title="Não foi possível salvar">{error}</FormAlert>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" pending={save.isPending}>
            Salvar
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
