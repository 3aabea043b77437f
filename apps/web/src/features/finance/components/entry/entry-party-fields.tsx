import { formatCnpj } from '@sede/shared/cnpj-format';
import { useState } from 'react';
import { PartyPicker } from '../../../../components/parties/party-picker.tsx';
import type { PartyOption } from '../../../../components/parties/search-parties.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { lookupOrganization } from '../../api/lookup-organization.ts';
import { NewParty } from '../new-party.tsx';
import type { EntryDraft, PartyKind } from './entry-draft.ts';

export type NewSupplier = { cnpj: string; name: string | null };

/** The supplier the AI found on the document but the company hasn't registered: one click registers it by its CNPJ. */
function NewSupplierOffer({ supplier, onCreated, onError }: { supplier: NewSupplier; onCreated: (party: PartyOption) => void; onError: (message: string) => void }) {
  const [pending, setPending] = useState(false);
  const create = async () => {
    setPending(true);
    try {
      const { organization } = await lookupOrganization(supplier.cnpj);
      onCreated({ id: organization.id, label: organization.nomeFantasia ?? organization.razaoSocial, detail: organization.cnpj });
    } catch (err) {
      onError(err instanceof ApiError ? err.message : 'Não foi possível cadastrar o fornecedor.');
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800" data-testid="new-supplier-offer">
      <span>
        Fornecedor ainda não cadastrado: {supplier.name ?? 'CNPJ'} ({formatCnpj(supplier.cnpj)}).
      </span>
      <Button type="button" size="sm" variant="secondary" onClick={create} pending={pending}>
        Cadastrar fornecedor
      </Button>
    </div>
  );
}

/** The entry's supplier or customer: an organization or a person, picked, registered here, or offered from the AI's reading. */
export function EntryPartyFields({
  words,
  draft,
  onParty,
  newSupplier,
  onSupplierRegistered,
  onError,
}: {
  words: { party: string; partyPerson: string };
  draft: Pick<EntryDraft, 'partyKind' | 'party'>;
  onParty: (kind: PartyKind, party: PartyOption | null) => void;
  newSupplier: NewSupplier | null;
  onSupplierRegistered: (party: PartyOption) => void;
  onError: (message: string) => void;
}) {
  const { partyKind, party } = draft;
  return (
    <div className="grid gap-2">
      <div role="radiogroup" aria-label={`${words.party}: organização ou pessoa`} className="flex gap-4 text-sm">
        {(['organizations', 'people'] as const).map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input type="radio" name="party-kind" checked={partyKind === k} onChange={() => onParty(k, null)} />
            {k === 'organizations' ? 'Empresa (CNPJ)' : 'Pessoa (CPF)'}
          </label>
        ))}
      </div>
      <PartyPicker kind={partyKind} label={partyKind === 'organizations' ? words.party : words.partyPerson} value={party} onChange={(p) => onParty(partyKind, p)} />
      {!party && newSupplier && <NewSupplierOffer supplier={newSupplier} onCreated={onSupplierRegistered} onError={onError} />}
      {!party && <NewParty kind={partyKind} onCreated={(p) => onParty(partyKind, p)} />}
    </div>
  );
}
