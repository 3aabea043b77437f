import { Star, X } from 'lucide-react';
import { useState } from 'react';
import type { Deal, DealContact } from '@sede/shared/crm/deals';
import { formatPhone } from '@sede/shared/phone';
import { NewPartyDialog } from '../../../components/parties/new-party-dialog.tsx';
import { PartyPicker } from '../../../components/parties/party-picker.tsx';
import type { PartyKind, PartyOption } from '../../../components/parties/search-parties.ts';
import { Button } from '../../../components/ui/button.tsx';

/** A contact of the deal as the picker shows it: the name, then e-mail and phone. */
export const contactOption = (c: DealContact): PartyOption => ({ id: c.id, label: c.name, detail: [c.email, c.phone ? formatPhone(c.phone) : null].filter(Boolean).join(' · ') || null });

export const organizationOf = (d: Pick<Deal, 'organizationId' | 'organizationName'> | null): PartyOption | null =>
  d?.organizationId ? { id: d.organizationId, label: d.organizationName ?? 'Organização', detail: null } : null;

type Props = {
  organization: PartyOption | null;
  onOrganization: (o: PartyOption | null) => void;
  contacts: PartyOption[];
  onContacts: (c: PartyOption[]) => void;
};

/**
 * Who the deal is with (decision 0404): its organization and its contacts, the first the main one
 * (quotes go to them). Both are found in the company's contacts or created on the spot.
 */
export function DealParties({ organization, onOrganization, contacts, onContacts }: Props) {
  const [creating, setCreating] = useState<{ kind: PartyKind; name: string } | null>(null);
  const add = (c: PartyOption) => onContacts([...contacts.filter((x) => x.id !== c.id), c]);
  return (
    <div className="grid gap-3">
      <PartyPicker kind="organizations" label="Organização" value={organization} onChange={onOrganization} onCreate={(name) => setCreating({ kind: 'organizations', name })} />
      <div className="grid gap-1.5">
        {contacts.length > 0 && (
          <ul className="grid gap-1" aria-label="Contatos do negócio">
            {contacts.map((c, i) => (
              <li key={c.id} className="flex min-w-0 items-center gap-2 rounded-[var(--radius-ui)] border border-slate-200 bg-white px-3 py-1.5 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-slate-900">
                    {c.label}
                    {i === 0 && <span className="ml-2 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900">Principal</span>}
                  </span>
                  {c.detail && <span className="block truncate text-xs text-slate-600">{c.detail}</span>}
                </span>
                {i > 0 && (
                  <Button type="button" variant="ghost" size="icon" aria-label={`Tornar ${c.label} o contato principal`} onClick={() => onContacts([c, ...contacts.filter((x) => x.id !== c.id)])}>
                    <Star aria-hidden />
                  </Button>
                )}
                <Button type="button" variant="ghost" size="icon" aria-label={`Remover ${c.label} dos contatos`} onClick={() => onContacts(contacts.filter((x) => x.id !== c.id))}>
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <PartyPicker kind="people" label={contacts.length ? 'Adicionar outro contato' : 'Contato'} value={null} onChange={(c) => c && add(c)} onCreate={(name) => setCreating({ kind: 'people', name })} />
      </div>
      <NewPartyDialog
        creating={creating}
        organizationId={organization?.id}
        onClose={() => setCreating(null)}
        onCreated={(o) => {
          if (creating?.kind === 'organizations') onOrganization(o);
          else add(o);
          setCreating(null);
        }}
      />
    </div>
  );
}
