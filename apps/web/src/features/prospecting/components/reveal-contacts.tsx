import { useQueryClient } from '@tanstack/react-query';
import type { ProspectCompany } from '@sede/shared/prospecting/schemas';
import { PaidActionButton } from '../../../components/paid-action/paid-action-button.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { prospectingKeys } from '../api/keys.ts';
import { revealLeads } from '../api/reveal.ts';

/** The record's reveal (decision 0205): masked contacts and the paid button, or a note that the company revealed them. */
export function RevealContacts({ record }: { record: ProspectCompany }) {
  const { company } = useAuth();
  const queryClient = useQueryClient();
  if (record.contatosRevelados) return <span className="block text-xs text-slate-600">Contatos revelados pela sua empresa.</span>;
  if (!record.telefones.length && !record.email) return null;
  return (
    <span className="mt-2 grid justify-items-start gap-1">
      <span className="text-xs text-slate-600">Contatos mascarados. Revele para ver completos (sua empresa paga uma vez por lead).</span>
      <PaidActionButton
        action="prospect.lead_reveal"
        balance={company?.currency_amount}
        run={async () => {
          const out = await revealLeads([record.cnpj]);
          await queryClient.invalidateQueries({ queryKey: prospectingKeys.company(record.cnpj) });
          return { charged: out.charged, balance: out.balance };
        }}
      />
    </span>
  );
}
