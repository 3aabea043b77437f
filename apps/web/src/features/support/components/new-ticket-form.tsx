import { zodResolver } from '@hookform/resolvers/zod';
import { FILE_KINDS } from '@sede/shared/platform/files';
import { SUPPORT_CATEGORIES, SUPPORT_CATEGORY_LABELS, SUPPORT_LIMITS, supportTicketCreateSchema, type SupportTicketCreate } from '@sede/shared/support/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast.ts';
import { kindFor, precheck, uploadFile } from '../../../components/files/files-api.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { optionsOf } from '../../../components/ui/filter-bar.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { createTicket } from '../api/create-ticket.ts';
import { supportKeys } from '../api/keys.ts';

const KINDS = ['image', 'document'] as const;

/** Subject, category, message and an optional attachment (the platform's files, so only from a company). */
export function NewTicketForm({ canAttach, onOpened }: { canAttach: boolean; onOpened: (id: string) => void }) {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SupportTicketCreate>({ resolver: zodResolver(supportTicketCreateSchema), defaultValues: { subject: '', category: 'duvida', message: '' } });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (data) => {
    setError(null);
    const refused = file ? precheck(file, kindFor(file, KINDS)) : null;
    if (refused) return setError(refused);
    let ticketId: string;
    try {
      ticketId = (await createTicket(data)).id;
    } catch (e) {
      return setError(e instanceof ApiError ? e.message : 'Não foi possível abrir o chamado. Tente novamente.');
    }
    await qc.invalidateQueries({ queryKey: supportKeys.tickets });
    if (file) {
      try {
        await uploadFile({ entityType: 'support_ticket', entityId: ticketId, kind: kindFor(file, KINDS), file });
      } catch (e) {
        // The ticket is open; the person can attach again on its page.
        toast.error(`Chamado aberto, mas o anexo não foi enviado: ${e instanceof Error ? e.message : 'erro desconhecido'}`);
      }
    }
    toast.success('Chamado aberto. Avisaremos quando o suporte responder.');
    form.reset();
    setFile(null);
    onOpened(ticketId);
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {error && <FormAlert title={error} />}
      <Field label="Assunto" error={errors.subject?.message}>
        <Input maxLength={SUPPORT_LIMITS.subject} placeholder="Ex.: Não consigo enviar um orçamento" {...form.register('subject')} />
      </Field>
      <Field label="Categoria" error={errors.category?.message}>
        <OptionSelect options={optionsOf(SUPPORT_CATEGORIES, SUPPORT_CATEGORY_LABELS)} {...form.register('category')} />
      </Field>
      <Field label="Mensagem" error={errors.message?.message} hint="Conte o que aconteceu, em qual página e o que você esperava.">
        <textarea className={`${inputClass} h-32`} maxLength={SUPPORT_LIMITS.message} {...form.register('message')} />
      </Field>
      {canAttach ? (
        <Field label="Anexo (opcional)" hint={`${FILE_KINDS.image.typesLabel}, ${FILE_KINDS.document.typesLabel}; uma captura de tela ajuda muito.`}>
          <Input type="file" accept={KINDS.map((k) => FILE_KINDS[k].accept).join(',')} className="h-auto py-1.5" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Field>
      ) : (
        <p className="text-xs text-slate-600">Anexos ficam disponíveis depois que você vincula sua empresa.</p>
      )}
      <div className="flex justify-end">
        <Button type="submit" pending={form.formState.isSubmitting}>
          <Send aria-hidden /> Abrir chamado
        </Button>
      </div>
    </form>
  );
}
