import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../../lib/toast.ts';
import { PartyPicker } from '../../../../components/parties/party-picker.tsx';
import type { PartyOption } from '../../../../components/parties/search-parties.ts';
import { Field } from '../../../../components/ui/field.tsx';
import { FormActions } from '../../../../components/ui/form-actions.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { ScrollDialog } from '../../../../components/ui/scroll-dialog.tsx';
import { SegmentedControl } from '../../../../components/ui/segmented-control.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { createClient, createOrganization } from '../../api/clients.ts';
import { marketingKeys } from '../../api/keys.ts';

type Mode = 'existing' | 'new';

/**
 * 'Nova empresa cliente': an organization of the contact base (picked with the parties' picker)
 * or a new one, marked as a client the team serves; opens the client's page.
 */
export function NewClientDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('existing');
  const [org, setOrg] = useState<PartyOption | null>(null);
  const [razaoSocial, setRazao] = useState('');
  const [fantasia, setFantasia] = useState('');
  const [error, setError] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: async () => {
      let organizationId = org?.id;
      if (mode === 'new') organizationId = (await createOrganization({ razaoSocial: razaoSocial.trim(), nomeFantasia: fantasia.trim() || undefined })).id;
      if (!organizationId) throw new ApiError(400, 'VALIDATION_ERROR', 'Escolha uma organização cadastrada.');
      return createClient(organizationId);
    },
    onSuccess: (client) => {
      void qc.invalidateQueries({ queryKey: marketingKeys.clients });
      onOpenChange(false);
      toast.success(`${client.name} agora é uma empresa cliente.`);
      void navigate(`/marketing/empresa/${client.id}`);
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : 'Não foi possível criar a empresa cliente. Tente de novo.'),
  });

  const tabs: Array<[Mode, string]> = [
    ['existing', 'Organização cadastrada'],
    ['new', 'Nova organização'],
  ];
  return (
    <ScrollDialog open={open} onOpenChange={onOpenChange} title="Nova empresa cliente" description="Uma empresa que a equipe atende: ela ganha kit da marca, canais, contatos, calendário e criativos." testId="new-client-dialog">
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          if (mode === 'new' && !razaoSocial.trim()) return setError('Informe a razão social.');
          create.mutate();
        }}
      >
        <SegmentedControl
          label="De onde vem a empresa"
          options={tabs}
          value={mode}
          onChange={(m) => {
            setMode(m);
            setError(null);
          }}
        />
        {mode === 'existing' ? (
          <PartyPicker kind="organizations" label="Organização" value={org} onChange={setOrg} />
        ) : (
          <div className="grid gap-3">
            <Field label="Razão social">
              <Input value={razaoSocial} maxLength={300} onChange={(e) => setRazao(e.target.value)} autoComplete="organization" />
            </Field>
            <Field label="Nome fantasia" hint="Opcional. É o nome que aparece no marketing.">
              <Input value={fantasia} maxLength={300} onChange={(e) => setFantasia(e.target.value)} />
            </Field>
          </div>
        )}
        <FormActions error={error} onCancel={() => onOpenChange(false)} submitLabel="Criar empresa cliente" pending={create.isPending} disabled={mode === 'existing' && !org} />
      </form>
    </ScrollDialog>
  );
}
