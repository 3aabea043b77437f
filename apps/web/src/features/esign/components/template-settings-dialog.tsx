import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast.ts';
import { SIGNER_ROLE_LABELS, SIGNER_ROLES, SIGNING_ORDER_LABELS } from '@sede/shared/esign/schemas';
import { type TemplateUpdateInput, templateUpdateSchema, type TemplateView } from '@sede/shared/esign/templates';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { EnumSelect } from '../../../components/ui/option-select.tsx';
import { ScrollDialog } from '../../../components/ui/scroll-dialog.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { esignKeys } from '../api/keys.ts';
import { updateTemplate } from '../api/templates.ts';
import { RemindEveryControl } from './remind-every-control.tsx';

type Values = { name: string; title: string; message: string; signingOrder: TemplateView['signingOrder']; expiresInDays: number; remindEveryDays: number | null; slots: TemplateView['slots'] };
const valuesOf = (t: TemplateView): Values => ({ ...t, message: t.message ?? '', slots: t.slots.map((s) => ({ ...s })) });

/**
 * 'Editar modelo' (decision 0624): name, envelope title and message, order, days to sign, reminders
 * and the roles — renamed, re-roled or moved up and down, never added or removed (their fields
 * follow them). react-hook-form with the shared PATCH rules; what only the server knows (a role
 * with fields made a copy recipient) comes back as the form's message.
 */
export function TemplateSettingsDialog({ template, onClose }: { template: TemplateView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, TemplateUpdateInput>({
    resolver: zodResolver(templateUpdateSchema) as never,
    defaultValues: valuesOf(template),
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, formState, setError } = form;
  const slots = useFieldArray({ control, name: 'slots', keyName: 'key' });
  const err = formState.errors;

  const onSubmit = handleSubmit(async (v) => {
    try {
      await updateTemplate(template.id, v);
      await queryClient.invalidateQueries({ queryKey: esignKeys.template(template.id) });
      await queryClient.invalidateQueries({ queryKey: esignKeys.templates });
      toast.success('Modelo atualizado.');
      onClose();
    } catch (e) {
      setError('root', { message: e instanceof ApiError ? e.message : 'Não foi possível salvar o modelo.' });
    }
  });

  return (
    <ScrollDialog open onOpenChange={(o) => !o && onClose()} title="Editar modelo" description="Vale para os próximos envelopes criados a partir dele; os já criados não mudam." wide>
      <form onSubmit={onSubmit} className="grid gap-4" noValidate aria-label="Editar modelo">
        {err.root?.message && <FormAlert title={err.root.message} />}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Nome do modelo" error={err.name?.message}>
            <Input maxLength={120} {...register('name')} />
          </Field>
          <Field label="Título dos envelopes" error={err.title?.message}>
            <Input maxLength={160} {...register('title')} />
          </Field>
        </div>
        <Field label="Mensagem aos signatários (opcional)" error={err.message?.message}>
          <textarea className={`${inputClass} h-20`} maxLength={2000} {...register('message')} />
        </Field>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium text-slate-900">Papéis, na ordem</legend>
          {slots.fields.map((s, i) => (
            <div key={s.key} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end" data-testid="role-row">
              <Field label={`${i + 1}º papel`} error={err.slots?.[i]?.label?.message}>
                <Input maxLength={60} {...register(`slots.${i}.label`)} />
              </Field>
              <Controller
                control={control}
                name={`slots.${i}.role`}
                render={({ field }) => (
                  <Field label="O que faz">
                    <EnumSelect values={SIGNER_ROLES} labels={SIGNER_ROLE_LABELS} value={field.value} onChange={field.onChange} />
                  </Field>
                )}
              />
              <div className="flex gap-1">
                <Button type="button" variant="ghost" size="sm" disabled={i === 0} onClick={() => slots.move(i, i - 1)} aria-label={`Subir ${i + 1}º papel`}>
                  <ArrowUp aria-hidden />
                </Button>
                <Button type="button" variant="ghost" size="sm" disabled={i === slots.fields.length - 1} onClick={() => slots.move(i, i + 1)} aria-label={`Descer ${i + 1}º papel`}>
                  <ArrowDown aria-hidden />
                </Button>
              </div>
            </div>
          ))}
          {err.slots?.message && <p role="alert" className="text-sm text-red-700">{err.slots.message}</p>}
          {err.slots?.root?.message && <p role="alert" className="text-sm text-red-700">{err.slots.root.message}</p>}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <Controller
            control={control}
            name="signingOrder"
            render={({ field }) => (
              <div className="grid gap-1.5">
                <span className="text-sm font-medium text-slate-900">Ordem das assinaturas</span>
                <SegmentedControl label="Ordem das assinaturas" options={[['simultanea', SIGNING_ORDER_LABELS.simultanea], ['sequencial', SIGNING_ORDER_LABELS.sequencial]]} value={field.value} onChange={field.onChange} />
              </div>
            )}
          />
          <Field label="Prazo para assinar (dias)" error={err.expiresInDays?.message}>
            <Input type="number" inputMode="numeric" min={1} max={365} className="w-28" {...register('expiresInDays', { valueAsNumber: true })} />
          </Field>
        </div>
        <Controller control={control} name="remindEveryDays" render={({ field, fieldState }) => <RemindEveryControl value={field.value} onChange={field.onChange} error={fieldState.error?.message} />} />
        <FormActions onCancel={onClose} pending={formState.isSubmitting} submitLabel="Salvar modelo" />
      </form>
    </ScrollDialog>
  );
}
