import { formatCnpj } from '@sede/shared/cnpj';
import { formatCep } from '@sede/shared/company';
import type { Quote } from '@sede/shared/crm/quotes';
import { formatPhone } from '@sede/shared/phone';
import type { Tenant } from '../../services.ts';
import { getOrganization, getPerson } from '../parties/public.ts';

/** Who a quote is for, as its PDF prints it (decision 0404): the organization's lines and the contact's. */
export type QuoteClient = { organization: string[]; contact: string | null };

/** (11) 3456-7890 for 10 or 11 digits; anything else as it is. */
export const phoneText = (value: string | null | undefined) => {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length === 10 || digits.length === 11 ? formatPhone(digits) : (value ?? '');
};

/** The quote's organization and contact from the parties module (an erased one is simply left out). */
export async function quoteClient(t: Pick<Tenant, 'db' | 'companyId'>, quote: Pick<Quote, 'organizationId' | 'personId'>): Promise<QuoteClient> {
  const [org, person] = await Promise.all([
    quote.organizationId ? getOrganization({ ...t, actorId: '' }, quote.organizationId).catch(() => null) : null,
    quote.personId ? getPerson(t, quote.personId).catch(() => null) : null,
  ]);
  const organization: string[] = [];
  if (org) {
    organization.push(org.nomeFantasia && org.nomeFantasia !== org.razaoSocial ? `${org.razaoSocial} (${org.nomeFantasia})` : org.razaoSocial);
    if (org.cnpj) organization.push(`CNPJ ${formatCnpj(org.cnpj)}`);
    const street = [org.logradouro, org.numero, org.complemento].filter(Boolean).join(', ');
    const place = [street, org.bairro, [org.municipio, org.uf].filter(Boolean).join('/'), org.cep ? `CEP ${formatCep(org.cep)}` : null].filter(Boolean).join(' · ');
    if (place) organization.push(place);
    const reach = [phoneText(org.phone), org.email].filter(Boolean).join(' · ');
    if (reach) organization.push(reach);
  }
  const contact = person ? [person.name, person.emails[0], phoneText(person.phones[0])].filter(Boolean).join(' · ') : null;
  return { organization, contact };
}
