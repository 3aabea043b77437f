import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { computeQuoteTotals, formatQuantity, parseQuantity, type Quote, type QuoteCreate } from '@sede/shared/crm/quotes';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { money } from '@sede/shared/format';
import { BR_DATE_MESSAGE, brFromIso, DateInput, parseBrDate } from '../form/date-input.tsx';
import { FormAlert } from '../form/form-alert.tsx';
import { PartyPicker } from '../parties/party-picker.tsx';
import type { PartyOption } from '../parties/search-parties.ts';
import { Button } from '../ui/button.tsx';
import { useConfirm } from '../ui/confirm-dialog.tsx';
import { Field } from '../ui/field.tsx';
import { Input, inputClass } from '../ui/input.tsx';
import { crmQuoteKeys, createQuote, getDeal, listProducts, searchDeals, setDealValue, updateQuote, type DealOption } from './api.ts';
import { MoneyInput } from '../form/money-input.tsx';
import { DialogCloseButton } from '../ui/dialog-close-button.tsx';

type ItemDraft = { key: number; productId: string | null; description: string; unit: string; quantity: string; price: number | null; discount: number | null };

let seq = 0;
const emptyItem = (): ItemDraft => ({ key: ++seq, productId: null, description: '', unit: 'un', quantity: '1', price: null, discount: null });
const fromQuote = (q: Quote): ItemDraft[] =>
  q.items.map((i) => ({
    key: ++seq,
    productId: i.productId,
    description: i.description,
    unit: i.unit,
    quantity: formatQuantity(i.quantityMilli),
    price: i.unitPriceCents,
    discount: i.discountCents || null,
  }));

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The deal the quote is on; without it the form asks for one (the Orçamentos tab). */
  dealId?: string;
  /** An existing quote to edit. */
  quote?: Quote;
  onSaved?: (q: Quote) => void;
};

/**
 * The quote form (decision 0160): items from the catalogue or free text, quantities with up to
 * 3 decimals, prices and discounts in R$, totals computed live with the same math the server uses.
 * The client comes from the deal (decision 0404); once saved, a total other than the open deal's
 * value is offered as its new value.
 */
export function QuoteDialog({ open, onOpenChange, dealId, quote, onSaved }: Props) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <DialogPrimitive.Content
          className="fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex max-w-3xl flex-col rounded-xl border border-slate-200 bg-white shadow-lg sm:inset-x-4 sm:top-8 sm:bottom-8"
          data-testid="quote-dialog"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <DialogPrimitive.Title className="text-lg font-semibold">{quote ? `Editar orçamento nº ${quote.number}` : 'Novo orçamento'}</DialogPrimitive.Title>
              <DialogPrimitive.Description className="text-sm text-slate-600">Itens, descontos, validade e condições de pagamento. O total é calculado automaticamente.</DialogPrimitive.Description>
            </div>
            <DialogCloseButton />
          </div>
          {open && <QuoteForm dealId={dealId} quote={quote} onDone={(q) => { onSaved?.(q); onOpenChange(false); }} onCancel={() => onOpenChange(false)} />}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function QuoteForm({ dealId, quote, onDone, onCancel }: { dealId?: string; quote?: Quote; onDone: (q: Quote) => void; onCancel: () => void }) {
  const qc = useQueryClient();
  const confirm = useConfirm();
  const formId = useId();
  const [deal, setDeal] = useState<DealOption | null>(null);
  const [dealQuery, setDealQuery] = useState('');
  const [person, setPerson] = useState<PartyOption | null>(quote?.personId ? { id: quote.personId, label: quote.personName ?? 'Contato', detail: null } : null);
  const [organization, setOrganization] = useState<PartyOption | null>(quote?.organizationId ? { id: quote.organizationId, label: quote.organizationName ?? 'Organização', detail: null } : null);
  const [clientTouched, setClientTouched] = useState(Boolean(quote));
  const [validUntil, setValidUntil] = useState(brFromIso(quote?.validUntil ?? addDays(todayInBrazil(), 15)));
  const [items, setItems] = useState<ItemDraft[]>(quote ? fromQuote(quote) : [emptyItem()]);
  const [discount, setDiscount] = useState<number | null>(quote?.discountCents || null);
  const [conditions, setConditions] = useState(quote?.conditions ?? '');
  const [notes, setNotes] = useState(quote?.notes ?? '');
  const [error, setError] = useState<string | null>(null);

  const products = useQuery({ queryKey: crmQuoteKeys.products('active'), queryFn: () => listProducts({ active: 'true' }) });
  const deals = useQuery({ queryKey: crmQuoteKeys.deals(dealQuery), queryFn: () => searchDeals(dealQuery), enabled: !dealId && !quote });
  const dealOfQuote = quote?.dealId ?? dealId ?? deal?.id ?? null;
  const dealDetail = useQuery({ queryKey: crmQuoteKeys.deal(dealOfQuote ?? ''), queryFn: () => getDeal(dealOfQuote!), enabled: Boolean(dealOfQuote) });
  // A new quote is for the deal's organization and main contact, until the person picks others.
  useEffect(() => {
    const d = dealDetail.data;
    if (!d || clientTouched) return;
    setOrganization(d.organizationId ? { id: d.organizationId, label: d.organizationName ?? 'Organização', detail: null } : null);
    setPerson(d.personId ? { id: d.personId, label: d.personName ?? 'Contato', detail: null } : null);
  }, [dealDetail.data, clientTouched]);

  const parsed = useMemo(
    () =>
      items.map((i) => ({
        quantityMilli: parseQuantity(i.quantity),
        unitPriceCents: i.price,
        discountCents: i.discount ?? 0,
      })),
    [items],
  );
  const discountCents = discount ?? 0;
  const valid = parsed.every((p) => p.quantityMilli && p.unitPriceCents !== null);
  const totals = valid ? computeQuoteTotals({ items: parsed as Array<{ quantityMilli: number; unitPriceCents: number; discountCents: number }>, discountCents }) : null;

  const save = useMutation({
    mutationFn: (input: QuoteCreate) => {
      if (quote) return updateQuote(quote.id, input);
      const target = dealId ?? deal?.id;
      if (!target) throw new Error('Escolha o negócio do orçamento.');
      return createQuote(target, input);
    },
    onSuccess: async (q) => {
      void qc.invalidateQueries({ queryKey: crmQuoteKeys.all });
      const d = dealDetail.data;
      if (d && d.id === q.dealId && d.status === 'open' && d.valueCents !== q.totalCents) {
        const use = await confirm.ask({
          title: `Usar ${money(q.totalCents)} como valor do negócio?`,
          description: `O negócio “${d.title}” vale hoje ${money(d.valueCents)}; o orçamento nº ${q.number} soma ${money(q.totalCents)}.`,
          confirmLabel: 'Atualizar o valor',
          cancelLabel: 'Manter o valor atual',
        });
        if (use) await setDealValue(d.id, q.totalCents).catch((e: Error) => setError(e.message));
      }
      onDone(q);
    },
    onError: (e) => setError(e.message),
  });

  /** A client picked by hand: the deal's no longer fills the form. */
  const chosen = (set: (o: PartyOption | null) => void) => (o: PartyOption | null) => {
    setClientTouched(true);
    set(o);
  };
  const update = (key: number, patch: Partial<ItemDraft>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!dealId && !quote && !deal) return setError('Escolha o negócio do orçamento.');
    const bad = parsed.findIndex((p) => !p.quantityMilli || p.unitPriceCents === null);
    if (bad >= 0) return setError(`Item ${bad + 1}: confira a quantidade (até 3 casas decimais), o preço e o desconto.`);
    if (totals && !totals.ok) return setError(totals.error);
    const until = parseBrDate(validUntil);
    if (!until) return setError(`Validade: ${BR_DATE_MESSAGE}`);
    save.mutate({
      validUntil: until,
      conditions,
      notes,
      discountCents: discountCents ?? 0,
      personId: person?.id ?? null,
      organizationId: organization?.id ?? null,
      items: items.map((i, n) => ({
        productId: i.productId,
        description: i.description,
        unit: i.unit,
        quantityMilli: parsed[n]!.quantityMilli!,
        unitPriceCents: parsed[n]!.unitPriceCents!,
        discountCents: parsed[n]!.discountCents ?? 0,
      })),
    });
  };

  return (
    <form id={formId} onSubmit={submit} className="flex min-h-0 flex-1 flex-col" noValidate>
      <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto px-5 py-4">
        {!dealId && !quote && (
          <div className="grid gap-1.5">
            <Field label="Negócio" hint="Busque pelo título do negócio.">
              <Input value={dealQuery} onChange={(e) => setDealQuery(e.target.value)} placeholder="Buscar negócio" autoComplete="off" />
            </Field>
            <ul className="grid max-h-40 gap-1 overflow-y-auto" aria-label="Negócios encontrados">
              {(deals.data?.items ?? []).map((d) => (
                <li key={d.id}>
                  <button
                    type="button"
                    aria-pressed={deal?.id === d.id}
                    onClick={() => setDeal(d)}
                    className="flex w-full items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2 text-left text-sm hover:bg-slate-50 aria-[pressed=true]:border-[var(--color-accent)] aria-[pressed=true]:bg-[var(--color-accent-soft)]"
                  >
                    <span className="min-w-0 truncate">{d.title}</span>
                    <span className="shrink-0 text-slate-600">{money(d.valueCents)}</span>
                  </button>
                </li>
              ))}
              {deals.isSuccess && deals.data.items.length === 0 && <li className="text-sm text-slate-600">Nenhum negócio encontrado. Crie o negócio no Kanban de leads.</li>}
            </ul>
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <PartyPicker kind="organizations" label="Cliente (organização)" value={organization} onChange={chosen(setOrganization)} />
          <PartyPicker kind="people" label="Contato (para quem enviar)" value={person} onChange={chosen(setPerson)} />
          <Field label="Válido até">
            <DateInput value={validUntil} onValueChange={setValidUntil} required />
          </Field>
        </div>

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Itens</legend>
          {items.map((item, n) => {
            const rowTotal = totals?.ok ? totals.totals.items[n]?.totalCents : undefined;
            return (
              <div key={item.key} className="grid gap-2 rounded-lg border border-slate-200 p-3" data-testid="quote-item">
                <div className="flex items-center justify-between gap-2">
                  <p className="text-sm font-medium text-slate-700">Item {n + 1}</p>
                  <Button type="button" variant="ghost" size="sm" aria-label={`Remover item ${n + 1}`} disabled={items.length === 1} onClick={() => setItems((l) => l.filter((i) => i.key !== item.key))}>
                    <Trash2 aria-hidden />
                  </Button>
                </div>
                <Field label="Produto ou serviço do catálogo">
                  <select
                    className={inputClass}
                    value={item.productId ?? ''}
                    onChange={(e) => {
                      const p = products.data?.items.find((x) => x.id === e.target.value);
                      update(item.key, p ? { productId: p.id, description: p.name, unit: p.unit, price: p.priceCents } : { productId: null });
                    }}
                  >
                    <option value="">Item avulso (texto livre)</option>
                    {(products.data?.items ?? []).map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name} — {money(p.priceCents)}/{p.unit}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label="Descrição">
                  <Input value={item.description} onChange={(e) => update(item.key, { description: e.target.value })} maxLength={500} required />
                </Field>
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  <Field label="Quantidade">
                    <Input inputMode="decimal" value={item.quantity} onChange={(e) => update(item.key, { quantity: e.target.value })} />
                  </Field>
                  <Field label="Unidade">
                    <Input value={item.unit} onChange={(e) => update(item.key, { unit: e.target.value })} maxLength={20} />
                  </Field>
                  <Field label="Preço unitário (R$)">
                    <MoneyInput cents={item.price} onCents={(price) => update(item.key, { price })} />
                  </Field>
                  <Field label="Desconto (R$)">
                    <MoneyInput cents={item.discount} onCents={(discount) => update(item.key, { discount })} />
                  </Field>
                </div>
                <p className="text-right text-sm text-slate-700">
                  Total do item: <span className="font-semibold text-slate-900">{rowTotal !== undefined ? money(rowTotal) : '—'}</span>
                </p>
              </div>
            );
          })}
          <Button type="button" variant="secondary" onClick={() => setItems((l) => [...l, emptyItem()])} className="justify-self-start">
            <Plus aria-hidden /> Adicionar item
          </Button>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Desconto no total (R$)">
            <MoneyInput cents={discount} onCents={setDiscount} />
          </Field>
          <dl className="grid content-end gap-1 text-sm" aria-live="polite" data-testid="quote-totals">
            <div className="flex justify-between">
              <dt className="text-slate-600">Subtotal</dt>
              <dd>{totals?.ok ? money(totals.totals.subtotalCents) : '—'}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-slate-600">Desconto</dt>
              <dd>{discountCents ? `− ${money(discountCents)}` : '—'}</dd>
            </div>
            <div className="flex justify-between text-base font-semibold">
              <dt>Total</dt>
              <dd data-testid="quote-total">{totals?.ok ? money(totals.totals.totalCents) : '—'}</dd>
            </div>
            {totals && !totals.ok && <p className="text-sm text-red-700">{totals.error}</p>}
          </dl>
        </div>
        <Field label="Condições de pagamento">
          <textarea className={`${inputClass} h-20`} value={conditions} onChange={(e) => setConditions(e.target.value)} maxLength={4000} placeholder="Ex.: 50% na aprovação e 50% na entrega, via PIX ou boleto." />
        </Field>
        <Field label="Observações">
          <textarea className={`${inputClass} h-20`} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={4000} />
        </Field>
        {error && <FormAlert title="Não foi possível salvar o orçamento">{error}</FormAlert>}
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" pending={save.isPending}>
          {quote ? 'Salvar alterações' : 'Criar orçamento'}
        </Button>
      </div>
      {confirm.dialog}
    </form>
  );
}
