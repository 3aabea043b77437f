import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { organizationCreateSchema, personCreateSchema, type Organization, type Person } from '@sede/shared/platform/parties';
import { api } from '../../lib/api-client.ts';
import { FormAlert } from '../form/form-alert.tsx';
import { CNPJ_MASK, MaskedInput, PHONE_MASK } from '../form/masked-input.tsx';
import { FormActions } from '../ui/form-actions.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { partyKeys } from './keys.ts';
import { organizationOption, personOption, type PartyKind, type PartyOption } from './search-parties.ts';
import { useSubmit } from '../../lib/use-submit.ts';

type Props = {
  /** What to create, and the name typed in the picker; null = closed. */
  creating: { kind: PartyKind; name: string } | null;
  /** A new person works at this organization (the deal's, for instance). */
  organizationId?: string | null;
  onClose: () => void;
  onCreated: (option: PartyOption) => void;
};

/**
 * Creates a person or an organization of the parties module from a picker (decision 0404): the
 * name typed there and the few fields a salesperson has at hand (e-mail and phone; CNPJ). The
 * rest is filled later in /crm-contatos.
 */
export function NewPartyDialog({ creating, organizationId, onClose, onCreated }: Props) {
  const people = creating?.kind === 'people';
  return (
    <Dialog
      open={creating !== null}
      onOpenChange={(o) => !o && onClose()}
      title={people ? 'Nova pessoa' : 'Nova organização'}
      description={people ? 'Cadastrada nos contatos da empresa, uma vez, para todas as áreas.' : 'Cadastrada nos contatos da empresa; complete o endereço depois em Contatos.'}
    >
      {creating && <NewPartyForm key={`${creating.kind}:${creating.name}`} kind={creating.kind} name={creating.name} organizationId={organizationId ?? null} onCreated={onCreated} onCancel={onClose} />}
    </Dialog>
  );
}

function NewPartyForm({ kind, name: typed, organizationId, onCreated, onCancel }: { kind: PartyKind; name: string; organizationId: string | null; onCreated: (o: PartyOption) => void; onCancel: () => void }) {
  const qc = useQueryClient();
  const [name, setName] = useState(typed);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [cnpj, setCnpj] = useState('');
  const { submit: send, pending, error, setError } = useSubmit(async (body: object) => {
    const created = people ? personOption(await api<Person>('/parties/people', { method: 'POST', json: body })) : organizationOption(await api<Organization>('/parties/organizations', { method: 'POST', json: body }));
    void qc.invalidateQueries({ queryKey: partyKeys.all });
    onCreated(created);
  }, 'Não foi possível cadastrar. Tente de novo.');
  const people = kind === 'people';

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Opened from inside another form (the deal's): React bubbles the submit through the portal.
    e.stopPropagation();
    const body = people
      ? { name, emails: email.trim() ? [email.trim()] : [], phones: phone ? [phone] : [], ...(organizationId ? { organizationId } : {}) }
      : { razaoSocial: name, cnpj: cnpj || null, email: email.trim() || null, phone: phone || null };
    const parsed = (people ? personCreateSchema : organizationCreateSchema).safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Dados inválidos.');
    setError(null);
    await send(body);
  }

  return (
    <form className="grid gap-3" noValidate onSubmit={submit}>
      <Field label={people ? 'Nome' : 'Razão social'}>
        <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </Field>
      {!people && (
        <Field label="CNPJ (opcional)">
          <MaskedInput mask={CNPJ_MASK} value={cnpj} onValueChange={setCnpj} inputMode="text" />
        </Field>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="E-mail (opcional)">
          <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        </Field>
        <Field label="Telefone (opcional)">
          <MaskedInput mask={PHONE_MASK} value={phone} onValueChange={setPhone} inputMode="tel" />
        </Field>
      </div>
      {error && <FormAlert title="Não foi possível cadastrar">{error}</FormAlert>}
      <FormActions onCancel={onCancel} submitLabel="Cadastrar" pending={pending} />
    </form>
  );
}
