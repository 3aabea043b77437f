import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { MEETING_MESSAGES } from '@sede/shared/meetings/schemas';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { createDeal } from '../api/create-deal.ts';
import { createMeeting } from '../api/create-meeting.ts';
import { meetingKeys } from '../api/keys.ts';
import { useDealOptions } from '../api/list-deals.ts';
import { FormError } from '../../../components/ui/form-actions.tsx';

/**
 * 'Nova reunião': the deal, a title, the date and the consent of the people recorded; then the
 * meeting's page. A deal that is not in the CRM yet is created right here (decision 0382).
 */
export function NewMeetingDialog({ open, onOpenChange, dealId: initialDeal = '' }: { open: boolean; onOpenChange: (v: boolean) => void; dealId?: string }) {
  const id = useId();
  const [q, setQ] = useState('');
  const [dealId, setDealId] = useState(initialDeal);
  const [title, setTitle] = useState('');
  const [occurredOn, setOccurredOn] = useState(todayInBrazil());
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const deals = useDealOptions(q);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [created, setCreated] = useState<{ id: string; title: string } | null>(null);
  const [addingDeal, setAddingDeal] = useState(false);
  const [dealTitle, setDealTitle] = useState('');
  const [dealError, setDealError] = useState<string | null>(null);
  const [dealPending, setDealPending] = useState(false);
  const found = deals.data?.items ?? [];
  const options = created && !found.some((d) => d.id === created.id) ? [{ ...created, organizationName: null }, ...found] : found;
  const chosen = dealId || options[0]?.id || '';
  const noDeals = deals.isSuccess && options.length === 0;
  const showNewDeal = noDeals || addingDeal;

  const addDeal = async () => {
    const name = dealTitle.trim() || q.trim();
    if (!name) return setDealError('Dê um nome ao negócio (por exemplo, o nome do cliente).');
    setDealError(null);
    setDealPending(true);
    try {
      const deal = await createDeal(name);
      setCreated(deal);
      setDealId(deal.id);
      setAddingDeal(false);
      setDealTitle('');
      void qc.invalidateQueries({ queryKey: meetingKeys.dealOptions });
      toast.success(`Negócio “${deal.title}” criado no CRM.`);
    } catch (err) {
      setDealError(err instanceof ApiError ? err.message : 'Não foi possível criar o negócio.');
    } finally {
      setDealPending(false);
    }
  };
  const onDealTitleKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault(); // Enter creates the deal; it never submits the meeting from here
    void addDeal();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Nova reunião" description="Escolha o negócio do CRM. Depois envie a gravação ou a transcrição na página da reunião.">
      <form
        className="grid gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          if (!consent) return setError(MEETING_MESSAGES.consent);
          if (!chosen) return setError('Escolha o negócio da reunião ou crie um novo.');
          setPending(true);
          try {
            const m = await createMeeting({ dealId: chosen, title, occurredOn: occurredOn || null, consent: true });
            await qc.invalidateQueries({ queryKey: meetingKeys.all });
            onOpenChange(false);
            void navigate(`/analise-reunioes/${m.id}`);
          } catch (err) {
            setError(err instanceof ApiError ? err.message : 'Não foi possível criar a reunião.');
          } finally {
            setPending(false);
          }
        }}
      >
        <div className="grid gap-1">
          <label htmlFor={`${id}-q`} className="text-sm font-medium">
            Buscar negócio
          </label>
          <Input id={`${id}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Título, organização ou pessoa" />
        </div>
        {options.length > 0 && (
          <div className="grid gap-1">
            <label htmlFor={`${id}-deal`} className="text-sm font-medium">
              Negócio
            </label>
            <OptionSelect
              id={`${id}-deal`}
              options={options.map((d) => ({ value: d.id, label: `${d.title}${d.organizationName ? ` · ${d.organizationName}` : ''}` }))}
              value={chosen}
              onChange={(e) => setDealId(e.target.value)}
            />
          </div>
        )}
        {deals.isPending && !created && <p className="text-sm text-slate-600">Carregando os negócios…</p>}
        {showNewDeal ? (
          <div className="grid gap-2 rounded-lg border border-slate-200 p-3" data-testid="new-deal">
            {noDeals && (
              <p className="text-sm text-slate-700">
                {q.trim() ? `Nenhum negócio aberto encontrado para “${q.trim()}”.` : 'O CRM ainda não tem negócios abertos.'} Crie o negócio desta reunião aqui mesmo.
              </p>
            )}
            <label htmlFor={`${id}-new-deal`} className="text-sm font-medium">
              Nome do novo negócio
            </label>
            <Input id={`${id}-new-deal`} value={dealTitle} onChange={(e) => setDealTitle(e.target.value)} onKeyDown={onDealTitleKey} placeholder={q.trim() || 'Ex.: Mercado Bom Preço'} maxLength={200} aria-describedby={`${id}-new-deal-hint`} />
            <p id={`${id}-new-deal-hint`} className="text-xs text-slate-600">
              Ele entra na primeira etapa do funil do CRM; valor e contatos você completa depois no Kanban.
            </p>
            <FormError error={dealError} />
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="secondary" size="sm" pending={dealPending} onClick={() => void addDeal()}>
                Criar negócio
              </Button>
              {!noDeals && (
                <Button type="button" variant="ghost" size="sm" onClick={() => setAddingDeal(false)}>
                  Escolher um existente
                </Button>
              )}
            </div>
          </div>
        ) : (
          options.length > 0 && (
            <button type="button" className="w-fit text-sm text-[var(--color-accent)] underline underline-offset-2" onClick={() => setAddingDeal(true)}>
              O negócio não está na lista? Criar um novo
            </button>
          )
        )}
        <Field label="Título da reunião">
          <Input value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Ex.: Apresentação da proposta" required maxLength={200} />
        </Field>
        <Field label="Data da reunião">
          <Input type="date" value={occurredOn} onChange={(e) => setOccurredOn(e.target.value)} />
        </Field>
        <label className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
          <input type="checkbox" className="mt-0.5 size-4" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
          <span>As pessoas gravadas foram avisadas e consentiram com a gravação e com a análise por IA (LGPD). Guardamos quem confirmou e quando.</span>
        </label>
        <FormError error={error} />
        <FormActions onCancel={() => onOpenChange(false)} pending={pending} submitLabel="Criar reunião" />
      </form>
    </Dialog>
  );
}
