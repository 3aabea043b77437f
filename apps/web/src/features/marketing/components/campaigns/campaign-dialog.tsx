import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../../lib/toast.ts';
import { z } from 'zod';
import { CAMPAIGN_LIMITS as L, CAMPAIGN_MESSAGES as M, type CampaignDetail } from '@sede/shared/marketing/campaigns';
import { MARKETING_CAMPAIGN_STATUS_LABELS } from '@sede/shared/marketing/constants';
import { FormAlert } from '../../../../components/form/form-alert.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { optionsOf } from '../../../../components/ui/filter-bar.tsx';
import { FormActions } from '../../../../components/ui/form-actions.tsx';
import { Input, inputClass } from '../../../../components/ui/input.tsx';
import { ScrollDialog } from '../../../../components/ui/scroll-dialog.tsx';
import { OptionSelect } from '../../../../components/ui/option-select.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { createCampaign, updateCampaign } from '../../api/campaigns.ts';
import { useClients } from '../../api/clients.ts';
import { marketingKeys } from '../../api/keys.ts';
import { clientOptions } from '../labeled-select.tsx';
import { MoneyField } from '../../../../components/form/form-fields.tsx';

/** An optional amount in cents, as the one money input reports it. */
export const optionalCents = z.number().int().min(0, M.money).max(L.maxCents, M.money).nullable();

const OPEN_STATUSES = ['planejada', 'ativa', 'cancelada'] as const;
const STATUS_CHOICES = optionsOf(OPEN_STATUSES, MARKETING_CAMPAIGN_STATUS_LABELS);
const formSchema = z
  .object({
    clientId: z.string().min(1, M.client),
    name: z.string().trim().min(1, M.nameRequired).max(L.name, M.nameTooLong),
    goal: z.string().trim().max(L.goal, M.goalTooLong),
    startsOn: z.string(),
    endsOn: z.string(),
    budget: optionalCents,
    status: z.enum(OPEN_STATUSES),
  })
  .refine((v) => !v.startsOn || !v.endsOn || v.endsOn >= v.startsOn, { message: M.dates, path: ['endsOn'] });
type FormValues = z.infer<typeof formSchema>;

const valuesOf = (c?: CampaignDetail, clientId?: string): FormValues => ({
  clientId: c?.clientId ?? clientId ?? '',
  name: c?.name ?? '',
  goal: c?.goal ?? '',
  startsOn: c?.startsOn ?? '',
  endsOn: c?.endsOn ?? '',
  budget: c?.budgetCents ?? null,
  status: c && c.status !== 'concluida' ? c.status : 'planejada',
});

/** 'Nova campanha' / 'Editar campanha': the client, the goal, the dates and the budget. */
export function CampaignDialog({ open, onOpenChange, campaign, clientId, onSaved }: { open: boolean; onOpenChange: (v: boolean) => void; campaign?: CampaignDetail; clientId?: string; onSaved?: (c: CampaignDetail) => void }) {
  const qc = useQueryClient();
  const clients = useClients();
  const [error, setError] = useState<string | null>(null);
  const { control, register, handleSubmit, reset, formState } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(campaign, clientId), mode: 'onTouched' });
  const err = formState.errors;
  const options = (clients.data ?? []).filter((c) => !c.archived || c.id === campaign?.clientId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a (re)opened dialog starts from the campaign's current data
  useEffect(() => {
    if (open) {
      reset(valuesOf(campaign, clientId ?? clients.data?.[0]?.id));
      setError(null);
    }
  }, [open, clients.data]);

  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    const payload = { clientId: v.clientId, name: v.name, goal: v.goal || null, startsOn: v.startsOn || null, endsOn: v.endsOn || null, budgetCents: v.budget, status: v.status };
    try {
      const saved = campaign ? await updateCampaign(campaign.id, payload) : await createCampaign(payload);
      await qc.invalidateQueries({ queryKey: marketingKeys.campaigns });
      toast.success(campaign ? 'Campanha atualizada.' : 'Campanha criada.');
      onOpenChange(false);
      onSaved?.(saved);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Não foi possível salvar a campanha.');
    }
  });

  return (
    <ScrollDialog
      open={open}
      onOpenChange={onOpenChange}
      title={campaign ? 'Editar campanha' : 'Nova campanha'}
      description="Agrupe as peças de uma ação com objetivo, período e orçamento; ao concluir, registre os resultados."
    >
      <form onSubmit={onSubmit} className="grid gap-3" noValidate aria-label={campaign ? 'Editar campanha' : 'Nova campanha'}>
        {error && <FormAlert title={error} />}
        <Field label="Empresa cliente" error={err.clientId?.message}>
          <OptionSelect options={clientOptions(options)} {...register('clientId')} />
        </Field>
        <Field label="Nome da campanha" error={err.name?.message}>
          <Input maxLength={L.name} placeholder="Ex.: Black Friday 2026" {...register('name')} />
        </Field>
        <Field label="Objetivo" error={err.goal?.message} hint="O que a campanha deve alcançar (vendas, leads, alcance…).">
          <textarea className={`${inputClass} min-h-20 py-2`} maxLength={L.goal} {...register('goal')} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Início" error={err.startsOn?.message}>
            <Input type="date" {...register('startsOn')} />
          </Field>
          <Field label="Término" error={err.endsOn?.message}>
            <Input type="date" {...register('endsOn')} />
          </Field>
          <MoneyField control={control} name="budget" label="Orçamento (R$)" />
          <Field label="Status" error={err.status?.message}>
            <OptionSelect options={STATUS_CHOICES} {...register('status')} />
          </Field>
        </div>
        <FormActions onCancel={() => onOpenChange(false)} cancelVariant="ghost" submitLabel={campaign ? 'Salvar' : 'Criar campanha'} pending={formState.isSubmitting} />
      </form>
    </ScrollDialog>
  );
}
