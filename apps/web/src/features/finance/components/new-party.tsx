import { isValidCnpj, normalizeCnpjInput } from '@sede/shared/cnpj-format';
import { isValidCpf } from '@sede/shared/cpf';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { PartyOption } from '../../../components/parties/search-parties.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { createPerson } from '../api/create-person.ts';
import { lookupOrganization } from '../api/lookup-organization.ts';
import { useSubmit } from '../../../lib/use-submit.ts';

/**
 * A customer or supplier not yet registered, created from the entry: an organization by its CNPJ
 * (filled by the lookup) or a person by name and CPF. Both validated before and by the server.
 */
export function NewParty({ kind, onCreated }: { kind: 'organizations' | 'people'; onCreated: (party: PartyOption) => void }) {
  const [open, setOpen] = useState(false);
  const [doc, setDoc] = useState('');
  const [name, setName] = useState('');
  const { submit: send, pending, error, setError } = useSubmit(async (digits: string) => {
    if (kind === 'organizations') {
      const { organization } = await lookupOrganization(digits);
      onCreated({ id: organization.id, label: organization.nomeFantasia ?? organization.razaoSocial, detail: organization.cnpj });
    } else {
      const person = await createPerson({ name: name.trim(), cpf: digits || null });
      onCreated({ id: person.id, label: person.name, detail: null });
    }
    setOpen(false);
    setDoc('');
    setName('');
  }, 'Não foi possível cadastrar.');
  if (!open) {
    return (
      <Button type="button" variant="link" size="sm" className="justify-self-start" onClick={() => setOpen(true)}>
        <UserPlus aria-hidden /> {kind === 'organizations' ? 'Cadastrar empresa pelo CNPJ' : 'Cadastrar pessoa'}
      </Button>
    );
  }
  const save = async () => {
    setError(null);
    const digits = kind === 'organizations' ? normalizeCnpjInput(doc) : doc.replace(/\D/g, '');
    if (kind === 'organizations' && !isValidCnpj(digits)) return setError('CNPJ inválido.');
    if (kind === 'people' && !name.trim()) return setError('Informe o nome.');
    if (kind === 'people' && digits && !isValidCpf(digits)) return setError('CPF inválido.');
    await send(digits);
  };
  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 p-3">
      <div className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
        {kind === 'people' && (
          <div className="grid gap-1">
            <Label htmlFor="fin-new-party-name">Nome</Label>
            <Input id="fin-new-party-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
          </div>
        )}
        <div className={kind === 'organizations' ? 'grid gap-1 sm:col-span-2' : 'grid gap-1'}>
          <Label htmlFor="fin-new-party-doc">{kind === 'organizations' ? 'CNPJ' : 'CPF (opcional)'}</Label>
          <Input id="fin-new-party-doc" value={doc} onChange={(e) => setDoc(e.target.value)} maxLength={18} aria-invalid={error ? true : undefined} aria-describedby={error ? 'fin-new-party-error' : undefined} />
        </div>
        <div className="flex gap-2">
          <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
            Cancelar
          </Button>
          <Button type="button" onClick={save} pending={pending}>
            Cadastrar
          </Button>
        </div>
      </div>
      {error && (
        <p id="fin-new-party-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
