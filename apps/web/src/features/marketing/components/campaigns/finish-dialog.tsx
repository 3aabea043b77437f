import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../../lib/toast.ts';
import { z } from 'zod';
import { CAMPAIGN_LIMITS as L, CAMPAIGN_MESSAGES as M, type CampaignDetail } from '@sede/shared/marketing/campaigns';
import { FormAlert } from '../../../../components/form/form-alert.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { FormActions } from '../../../../components/ui/form-actions.tsx';
import { Input, inputClass } from '../../../../components/ui/input.tsx';
import { ScrollDialog } from '../../../../components/ui/scroll-dialog.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { finishCampaign } from '../../api/campaigns.ts';
import { marketingKeys } from '../../api/keys.ts';
import { optionalCents } from './campaign-dialog.tsx';
import { MoneyField } from '../../../../components/form/form-fields.tsx';

const optionalCount = z.string().refine((v) => !v.trim() || /^\d{1,10}$/.test(v.replace(/\./g, '')), M.count);
const countOf = (v: string) => (v.trim() ? Number(v.replace(/\./g, '')) : null);
const formSchema = z.object({ reach: optionalCount, clicks: optionalCount, leads: optionalCount, spend: optionalCents, summary: z.string().trim().max(L.summary, M.summaryTooLong) });
type FormValues = z.infer<typeof formSchema>;
const str = (n: number | null) => (n === null ? '' : String(n));

/** 'Concluir campanha': its results and what the team learned; it moves to the finished projects. */
export function FinishDialog({ open, onOpenChange, campaign }: { open: boolean; onOpenChange: (v: boolean) => void; campaign: CampaignDetail }) {
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const values = (): FormValues => ({ reach: str(campaign.reach), clicks: str(campaign.clicks), leads: str(campaign.leads), spend: campaign.spendCents, summary: campaign.summary ?? '' });
  const { control, register, handleSubmit, reset, formState } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: values(), mode: 'onTouched' });
  const err = formState.errors;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a (re)opened dialog starts from the campaign's current results
  useEffect(() => {
    if (open) {
      reset(values());
      setError(null);
    }
  }, [open]);

  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    try {
      await finishCampaign(campaign.id, { reach: countOf(v.reach), clicks: countOf(v.clicks), leads: countOf(v.leads), spendCents: v.spend, summary: v.summary || null });
      await qc.invalidateQueries({ queryKey: marketingKeys.campaigns });
      toast.success('Campanha concluída. Ela está em Projetos concluídos.');
      onOpenChange(false);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Não foi possível concluir a campanha.');
    }
  });
  const number = (name: 'reach' | 'clicks' | 'leads', label: string) => (
    <Field label={label} error={err[name]?.message}>
      <Input inputMode="numeric" autoComplete="off" {...register(name)} />
    </Field>
  );

  return (
    <ScrollDialog open={open} onOpenChange={onOpenChange} title="Concluir campanha" description={`Registre os resultados de “${campaign.name}”. Você poderá baixar o relatório para o cliente.`}>
      <form onSubmit={onSubmit} className="grid gap-3" noValidate aria-label="Concluir campanha">
        {error && <FormAlert title={error} />}
        <div className="grid gap-3 sm:grid-cols-2">
          {number('reach', 'Alcance (pessoas)')}
          {number('clicks', 'Cliques')}
          {number('leads', 'Leads')}
          <MoneyField control={control} name="spend" label="Investimento (R$)" />
        </div>
        <Field label="Resumo e aprendizados" error={err.summary?.message}>
          <textarea className={`${inputClass} min-h-28 py-2`} maxLength={L.summary} placeholder="O que funcionou, o que não funcionou e o que repetir." {...register('summary')} />
        </Field>
        <FormActions onCancel={() => onOpenChange(false)} cancelVariant="ghost" submitLabel="Concluir" pending={formState.isSubmitting} />
      </form>
    </ScrollDialog>
  );
}
