import { JobFailure, type JobContext } from '../../platform/jobs/run.ts';
import type { Services } from '../../services.ts';
import { addListMembers, getList } from '../crm-contacts/public.ts';
import { findOrCreateOrganizationFromRecord, findOrCreatePersonByContact } from '../parties/public.ts';
import { digitsPhone, RECEITA_SOURCE, readLeads, revealedSet, toNormalizedCompany } from './leads.ts';

/**
 * Sends leads to a CRM list (decision 0207) as a platform job: each lead becomes the company's
 * organization (one per CNPJ) and, when its contacts were revealed, a contact person (one per
 * e-mail, else phone) under 'legítimo interesse' with the Receita as source; both join the list.
 * Every step is find-or-create, so a retried run adds nothing twice. Nothing is charged here:
 * the route revealed (and charged) before starting it.
 */
export const SEND_JOB = 'prospecting.send-to-list';
export type SendInput = { listId: string; cnpjs: string[] };
export type SendOutput = { listId: string; organizations: number; people: number; added: number };

const BATCH = 100;

export async function runSendToList(s: Services, { input, tenant, progress }: JobContext<SendInput>): Promise<SendOutput> {
  try {
    await getList(tenant, input.listId);
  } catch {
    throw new JobFailure('A lista do CRM foi excluída antes do envio terminar.');
  }
  const total = input.cnpjs.length;
  progress({ stage: 'Enviando para a lista', done: 0, total });
  let organizations = 0;
  let people = 0;
  let added = 0;
  for (let i = 0; i < total; i += BATCH) {
    const batch = input.cnpjs.slice(i, i + BATCH);
    const leads = await readLeads(s, batch);
    const revealed = await revealedSet(tenant, [...leads.keys()]);
    const orgIds: string[] = [];
    const personIds: string[] = [];
    for (const cnpj of batch) {
      const r = leads.get(cnpj);
      if (!r) continue;
      const open = revealed.has(cnpj);
      const { organization, created } = await findOrCreateOrganizationFromRecord(tenant, toNormalizedCompany(r, open));
      if (created) organizations++;
      orgIds.push(organization.id);
      if (open && (r.email || r.telefone1)) {
        const person = await findOrCreatePersonByContact(s, tenant, {
          name: `Contato de ${r.nome_fantasia || r.razao_social || r.cnpj}`,
          email: r.email,
          phone: digitsPhone(r.ddd1, r.telefone1),
          organizationId: organization.id,
          legalBasis: 'legitimo_interesse',
          legalBasisSource: RECEITA_SOURCE,
        });
        if (person) {
          if (person.created) people++;
          personIds.push(person.id);
        }
      }
    }
    if (orgIds.length || personIds.length) added += (await addListMembers(tenant, input.listId, { organizationIds: orgIds, personIds })).added;
    progress({ stage: 'Enviando para a lista', done: Math.min(total, i + BATCH), total });
  }
  return { listId: input.listId, organizations, people, added };
}
