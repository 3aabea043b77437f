import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { CLIENT_LIMITS, contactCreateSchema, type ClientContact, type ClientView } from '@sede/shared/marketing/clients';
import { PartyPicker } from '../../../../components/parties/party-picker.tsx';
import type { PartyOption } from '../../../../components/parties/search-parties.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { addContact, removeContact, updateContact } from '../../api/clients.ts';
import { marketingKeys } from '../../api/keys.ts';

const fail = (title: string) => (e: unknown) => toast.error(title, { description: e instanceof ApiError ? e.message : 'Tente de novo em instantes.' });

function ContactRow({ client, contact, canEdit }: { client: ClientView; contact: ClientContact; canEdit: boolean }) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: marketingKeys.client(client.id) });
  // Shown at once; back to the server's value if the change fails.
  const [canApprove, setCanApprove] = useState(contact.canApprove);
  useEffect(() => setCanApprove(contact.canApprove), [contact.canApprove]);
  const toggle = useMutation({
    mutationFn: (value: boolean) => updateContact(client.id, contact.id, { canApprove: value }),
    onSuccess: refresh,
    onError: (e) => {
      setCanApprove(contact.canApprove);
      fail('Não foi possível alterar o contato')(e);
    },
  });
  const remove = useMutation({ mutationFn: () => removeContact(client.id, contact.id), onSuccess: () => {
      toast.success(`${contact.name} não é mais contato deste cliente.`);
      return refresh();
    }, onError: fail('Não foi possível remover o contato') });
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="client-contact">
      <div className="min-w-0 flex-1 basis-full sm:basis-auto">
        <p className="truncate text-sm font-medium text-slate-900">{contact.name}</p>
        <p className="truncate text-xs text-slate-600">{[contact.role, contact.email, contact.phone].filter(Boolean).join(' · ') || 'Sem função nem contato informados'}</p>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="size-4" checked={canApprove}
          disabled={!canEdit || toggle.isPending}
          onChange={(e) => {
            setCanApprove(e.target.checked);
            toggle.mutate(e.target.checked);
          }} />
        Pode aprovar peças
      </label>
      {canEdit && (
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" aria-label={`Remover ${contact.name} dos contatos`} pending={remove.isPending} onClick={() => remove.mutate()}>
          {!remove.isPending && <Trash2 aria-hidden />}
        </Button>
      )}
    </li>
  );
}

/** The client's contacts: people of the contact base (never copied), who may approve its pieces. */
export function ContactsCard({ client, canEdit }: { client: ClientView; canEdit: boolean }) {
  const qc = useQueryClient();
  const [person, setPerson] = useState<PartyOption | null>(null);
  const [role, setRole] = useState('');
  const [canApprove, setCanApprove] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (input: { personId: string; role: string; canApprove: boolean }) => addContact(client.id, input),
    onSuccess: (c) => {
      toast.success(`${c.name} é contato deste cliente.`);
      setPerson(null);
      setRole('');
      setCanApprove(false);
      return qc.invalidateQueries({ queryKey: marketingKeys.client(client.id) });
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : 'Não foi possível adicionar o contato.'),
  });
  const submit = () => {
    setError(null);
    const parsed = contactCreateSchema.safeParse({ personId: person?.id, role, canApprove });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Escolha uma pessoa.');
    add.mutate(parsed.data);
  };
  return (
    <Card data-testid="client-contacts">
      <CardHeader>
        <CardTitle>Contatos</CardTitle>
        <CardDescription>
          Pessoas do cliente com quem a equipe fala. {client.clientApproval ? 'A aprovação pelo cliente está ligada: quem pode aprovar recebe as peças para aprovação.' : 'Marque quem pode aprovar peças, para quando a aprovação pelo cliente estiver ligada.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {client.contacts.length ? (
          <ul className="divide-y divide-slate-100">
            {client.contacts.map((c) => (
              <ContactRow key={c.id} client={client} contact={c} canEdit={canEdit} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">Nenhum contato ainda.</p>
        )}
        {canEdit && client.organizationPeople.length > 0 && (
          <div className="grid gap-2">
            <p className="text-sm font-medium text-slate-900">Pessoas de {client.organization?.nomeFantasia || client.organization?.razaoSocial}</p>
            <ul className="flex flex-wrap gap-2">
              {client.organizationPeople.map((p) => (
                <li key={p.id}>
                  <Button variant="secondary" size="sm" pending={add.isPending && add.variables?.personId === p.id} onClick={() => add.mutate({ personId: p.id, role: '', canApprove: false })} aria-label={`Adicionar ${p.name} como contato`}>
                    <UserPlus aria-hidden /> {p.name}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {canEdit && (
          <form
            className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2"
            aria-label="Adicionar contato"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <PartyPicker kind="people" label="Pessoa" value={person} onChange={setPerson} />
            <Field label="Função no cliente">
              <Input value={role} maxLength={CLIENT_LIMITS.contactRole} placeholder="Ex.: Gerente de marketing" onChange={(e) => setRole(e.target.value)} />
            </Field>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="size-4" checked={canApprove} onChange={(e) => setCanApprove(e.target.checked)} />
              Pode aprovar peças
            </label>
            <div className="flex justify-end">
              <Button type="submit" variant="secondary" pending={add.isPending && !!person}>
                Adicionar contato
              </Button>
            </div>
            {error && (
              <p role="alert" className="text-sm text-red-700 sm:col-span-2">
                {error}
              </p>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
