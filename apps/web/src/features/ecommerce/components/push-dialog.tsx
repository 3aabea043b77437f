import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { money } from '@sede/shared/format';
import type { StoreProduct } from '@sede/shared/ecommerce/products';
import { MoneyInput } from '../../../components/form/money-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { productKeys, pushProduct } from '../api/products.ts';

/**
 * 'Enviar para a loja' (decision 0688): the price and the stock a manager sets for one product,
 * sent to its store; the CRM's price, when the SKU matches, is one click away.
 */
export function PushDialog({ product, onClose }: { product: StoreProduct; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [priceCents, setPriceCents] = useState<number | null>(product.priceCents);
  const [stock, setStock] = useState(product.stock === null ? '' : String(product.stock));
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!priceCents || priceCents <= 0) return setError('Informe um preço maior que zero.');
    if (stock !== '' && !/^\d{1,7}$/.test(stock)) return setError('Informe o estoque em unidades inteiras, ou deixe em branco para não controlar.');
    setPending(true);
    setError(null);
    try {
      await pushProduct(product.id, { priceCents, stock: stock === '' ? null : Number(stock) });
      toast.success('Preço e estoque enviados para a loja.');
      await queryClient.invalidateQueries({ queryKey: productKeys.products });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível enviar. Tente novamente.');
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Enviar para a loja" description={`${product.name} — ${product.storeName}. O novo preço e o estoque valem na loja assim que ela confirmar.`}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <Field label="Preço na loja">
          <MoneyInput cents={priceCents} onCents={setPriceCents} name="price" />
        </Field>
        {product.crmProduct && product.crmProduct.priceCents !== priceCents ? (
          <Button type="button" variant="secondary" size="sm" className="justify-self-start" onClick={() => setPriceCents(product.crmProduct!.priceCents)}>
            Usar o preço do CRM ({money(product.crmProduct.priceCents)})
          </Button>
        ) : null}
        <Field label="Estoque (em branco: sem controle)">
          <Input inputMode="numeric" value={stock} onChange={(e) => setStock(e.target.value.replace(/\D/g, ''))} name="stock" />
        </Field>
        <FormActions error={error} onCancel={onClose} pending={pending} submitLabel="Enviar para a loja" stacked />
      </form>
    </Dialog>
  );
}
