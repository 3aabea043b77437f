import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { SIGNER_ROLE_LABELS, SIGNER_ROLES, type SignerRole, SIGNING_ORDER_LABELS, type SigningOrder } from '@sede/shared/esign/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { EnumSelect } from '../../../components/ui/option-select.tsx';
import { ScrollDialog } from '../../../components/ui/scroll-dialog.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { esignKeys } from '../api/keys.ts';
import { attachTemplateDocument, createBlankTemplate } from '../api/templates.ts';
import { defaultRoleLabels } from './save-template-dialog.tsx';

type Role = { key: number; label: string; role: SignerRole };
let roles = 0;
const newRole = (role: SignerRole, label: string): Role => ({ key: ++roles, label, role });

/**
 * 'Novo modelo' from a PDF (decision 0620): a name, the PDF and the roles that sign, in order.
 * The template's page then places the fields once for every envelope made from it.
 */
export function NewTemplateDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [slots, setSlots] = useState<Role[]>(() => [newRole('assinar', 'Contratante'), newRole('assinar', 'Contratada')]);
  const [order, setOrder] = useState<SigningOrder>('simultanea');
  const set = (i: number, patch: Partial<Role>) => setSlots(slots.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  const save = useSubmit(async () => {
    if (!file) throw new Error('Escolha o PDF do modelo.');
    const t = await createBlankTemplate({ name, title: name, signingOrder: order, slots: slots.map(({ label, role }) => ({ label, role })) });
    await queryClient.invalidateQueries({ queryKey: esignKeys.templates });
    try {
      await attachTemplateDocument(t.id, file);
    } catch (err) {
      // The template stays: its page offers the upload again, with the reason.
      toast.error(err instanceof Error ? err.message : 'Não foi possível enviar o PDF.');
    }
    onClose();
    void navigate(`/juridico/assinaturas/modelos/${t.id}`);
  }, 'Não foi possível criar o modelo.');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save.submit();
  };

  return (
    <ScrollDialog open onOpenChange={(o) => !o && onClose()} title="Novo modelo" description="Para documentos que a empresa envia sempre: os campos são posicionados uma vez, e cada envelope só diz quem assina." wide>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <Field label="Nome do modelo">
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} placeholder="Ex.: Contrato de prestação de serviços" />
        </Field>
        <Field label="Documento (PDF)" hint="Até 50 MB. Documentos do Word: salve como PDF antes.">
          <Input type="file" accept="application/pdf,.pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Field>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium text-slate-900">Papéis, na ordem</legend>
          {slots.map((s, i) => (
            <div key={s.key} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end" data-testid="role-row">
              <Field label={`${i + 1}º papel`}>
                <Input value={s.label} onChange={(e) => set(i, { label: e.target.value })} maxLength={60} />
              </Field>
              <Field label="O que faz">
                <EnumSelect values={SIGNER_ROLES} labels={SIGNER_ROLE_LABELS} value={s.role} onChange={(role) => set(i, { role })} />
              </Field>
              {slots.length > 1 && (
                <Button type="button" variant="ghost" size="sm" onClick={() => setSlots(slots.filter((_, j) => j !== i))} aria-label={`Remover ${i + 1}º papel`}>
                  <Trash2 aria-hidden /> Remover
                </Button>
              )}
            </div>
          ))}
          {slots.length < 20 && (
            <Button type="button" variant="secondary" className="w-fit" onClick={() => setSlots([...slots, newRole('testemunha', defaultRoleLabels([...slots.map((s) => s.role), 'testemunha']).at(-1) ?? '')])}>
              <Plus aria-hidden /> Adicionar papel
            </Button>
          )}
        </fieldset>
        <div className="grid gap-1.5">
          <span className="text-sm font-medium text-slate-900">Ordem das assinaturas</span>
          <SegmentedControl label="Ordem das assinaturas" options={[['simultanea', SIGNING_ORDER_LABELS.simultanea], ['sequencial', SIGNING_ORDER_LABELS.sequencial]]} value={order} onChange={setOrder} />
        </div>
        <FormActions error={save.error} onCancel={onClose} pending={save.pending} submitLabel="Criar modelo" />
      </form>
    </ScrollDialog>
  );
}
