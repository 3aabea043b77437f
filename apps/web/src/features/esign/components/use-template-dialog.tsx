import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { actsOnEnvelope, SIGNER_ROLE_LABELS } from '@sede/shared/esign/schemas';
import type { TemplateSummary } from '@sede/shared/esign/templates';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { ScrollDialog } from '../../../components/ui/scroll-dialog.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { esignKeys } from '../api/keys.ts';
import { envelopeFromTemplate, useTemplates } from '../api/templates.ts';

type Person = { name: string; email: string; cpf: string };
const nobody = (): Person => ({ name: '', email: '', cpf: '' });

/**
 * 'Novo envelope a partir de modelo' (decision 0620): the template (chosen here, or given), who
 * fills each of its roles and the title. The draft opens with the PDF and the fields in place,
 * ready to send.
 */
export function UseTemplateDialog({ template: given, onClose }: { template?: TemplateSummary; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useTemplates();
  const [templateId, setTemplateId] = useState(given?.id ?? '');
  const template = given ?? list.data?.templates.find((t) => t.id === templateId);
  const [title, setTitle] = useState(given?.title ?? '');
  const [people, setPeople] = useState<Record<string, Person>>({});
  const person = (slotId: string) => people[slotId] ?? nobody();
  const set = (slotId: string, patch: Partial<Person>) => setPeople({ ...people, [slotId]: { ...person(slotId), ...patch } });

  const save = useSubmit(async () => {
    if (!template) throw new Error('Escolha o modelo.');
    const e = await envelopeFromTemplate(template.id, {
      title: title.trim() || template.title,
      signers: template.slots.map((slot) => ({ slotId: slot.id, name: person(slot.id).name, email: person(slot.id).email, cpf: person(slot.id).cpf || null })),
    });
    await queryClient.invalidateQueries({ queryKey: esignKeys.envelopes });
    onClose();
    void navigate(`/juridico/assinaturas/${e.id}`);
  }, 'Não foi possível criar o envelope.');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save.submit();
  };

  return (
    <ScrollDialog open onOpenChange={(o) => !o && onClose()} title="Novo envelope a partir de modelo" description="O PDF, a ordem e os campos vêm do modelo: diga quem ocupa cada papel. O envelope fica em rascunho até você enviá-lo." wide>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {!given && (
          <Field label="Modelo" hint={list.data && !list.data.templates.length ? 'Nenhum modelo ainda: salve um envelope como modelo ou crie um na aba Modelos.' : undefined}>
            <OptionSelect
              none="Escolha o modelo"
              options={(list.data?.templates ?? []).map((t) => ({ value: t.id, label: t.name }))}
              value={templateId}
              onChange={(e) => {
                setTemplateId(e.target.value);
                setTitle(list.data?.templates.find((t) => t.id === e.target.value)?.title ?? '');
              }}
            />
          </Field>
        )}
        {template && (
          <>
            <Field label="Título do envelope">
              <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={160} />
            </Field>
            {template.slots.map((slot, i) => (
              <fieldset key={slot.id} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-3" data-testid="slot-row">
                <legend className="px-1 text-sm font-medium text-slate-900">{`${i + 1}º · ${slot.label} (${SIGNER_ROLE_LABELS[slot.role].toLowerCase()})`}</legend>
                <Field label="Nome">
                  <Input value={person(slot.id).name} onChange={(e) => set(slot.id, { name: e.target.value })} maxLength={120} autoComplete="off" />
                </Field>
                <Field label="E-mail">
                  <Input type="email" value={person(slot.id).email} onChange={(e) => set(slot.id, { email: e.target.value })} autoComplete="off" />
                </Field>
                {actsOnEnvelope(slot.role) && (
                  <Field label="CPF (opcional)">
                    <Input value={person(slot.id).cpf} onChange={(e) => set(slot.id, { cpf: e.target.value })} inputMode="numeric" placeholder="000.000.000-00" />
                  </Field>
                )}
              </fieldset>
            ))}
          </>
        )}
        <FormActions error={save.error} onCancel={onClose} pending={save.pending} disabled={!template} submitLabel="Criar rascunho" />
      </form>
    </ScrollDialog>
  );
}
