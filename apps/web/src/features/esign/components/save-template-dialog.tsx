import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { type EnvelopeView, SIGNER_ROLE_LABELS, type SignerRole } from '@sede/shared/esign/schemas';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ScrollDialog } from '../../../components/ui/scroll-dialog.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { esignKeys } from '../api/keys.ts';
import { saveAsTemplate } from '../api/templates.ts';

const ROLE_NOUNS: Record<SignerRole, string> = { assinar: 'Parte', aprovar: 'Aprovador', testemunha: 'Testemunha', receber_copia: 'Cópia' };

/** 'Parte 1', 'Testemunha 1', 'Testemunha 2'…: a first name for each role, numbered within its kind. */
export function defaultRoleLabels(roles: readonly SignerRole[]) {
  const seen = new Map<SignerRole, number>();
  return roles.map((r) => {
    const n = (seen.get(r) ?? 0) + 1;
    seen.set(r, n);
    return `${ROLE_NOUNS[r]} ${n}`;
  });
}

/**
 * 'Salvar como modelo' (decision 0620): the envelope's PDF, order, message and fields become a
 * template; each signer becomes a role with a name ('Contratante', 'Testemunha 1') filled by
 * whoever the next envelope names.
 */
export function SaveTemplateDialog({ envelope, onClose }: { envelope: EnvelopeView; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(envelope.title);
  const [labels, setLabels] = useState(() => defaultRoleLabels(envelope.signers.map((s) => s.role)));
  const save = useSubmit(async () => {
    const t = await saveAsTemplate({ envelopeId: envelope.id, name, slots: labels });
    await queryClient.invalidateQueries({ queryKey: esignKeys.templates });
    toast.success(`Modelo “${t.name}” salvo: use-o em “Novo envelope a partir de modelo”.`);
    onClose();
    void navigate(`/juridico/assinaturas/modelos/${t.id}`);
  }, 'Não foi possível salvar o modelo.');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save.submit();
  };
  return (
    <ScrollDialog open onOpenChange={(o) => !o && onClose()} title="Salvar como modelo" description="O PDF, a ordem, a mensagem e os campos posicionados ficam guardados. Cada signatário vira um papel que você preenche no próximo envelope.">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <Field label="Nome do modelo">
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
        </Field>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium text-slate-900">Papéis</legend>
          {envelope.signers.map((s, i) => (
            <Field key={s.id} label={`${i + 1}º: ${s.name} (${SIGNER_ROLE_LABELS[s.role].toLowerCase()})`}>
              <Input value={labels[i] ?? ''} onChange={(e) => setLabels(labels.map((l, j) => (j === i ? e.target.value : l)))} maxLength={60} />
            </Field>
          ))}
        </fieldset>
        <FormActions error={save.error} onCancel={onClose} pending={save.pending} submitLabel="Salvar modelo" />
      </form>
    </ScrollDialog>
  );
}
