import { formatPhone } from '@sede/shared/phone';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Organization, PartyPage, Person } from '@sede/shared/platform/parties';
import { formatCnpj } from '@sede/shared/cnpj-format';
import { api } from '../../lib/api-client.ts';
import { partyKeys } from './keys.ts';

export type PartyKind = 'people' | 'organizations';
/** What a picker shows and returns for one party. */
export type PartyOption = { id: string; label: string; detail: string | null };

export const personOption = (p: Person): PartyOption => ({
  id: p.id,
  label: p.name,
  detail: [p.position, p.organization?.nomeFantasia ?? p.organization?.razaoSocial, p.emails[0], p.phones[0] ? formatPhone(p.phones[0]) : null].filter(Boolean).join(' · ') || null,
});
export const organizationOption = (o: Organization): PartyOption => ({
  id: o.id,
  label: o.nomeFantasia ?? o.razaoSocial,
  detail: [o.nomeFantasia ? o.razaoSocial : null, o.cnpj ? formatCnpj(o.cnpj) : null].filter(Boolean).join(' · ') || null,
});

/** GET /api/parties/<kind>?q=…: the first page of matches, as picker options. */
export async function searchParties(kind: PartyKind, q: string, signal?: AbortSignal): Promise<PartyOption[]> {
  const path = `/parties/${kind}?limit=20${q ? `&q=${encodeURIComponent(q)}` : ''}`;
  if (kind === 'people') return (await api<PartyPage<Person>>(path, { signal })).items.map(personOption);
  return (await api<PartyPage<Organization>>(path, { signal })).items.map(organizationOption);
}

export const partySearchOptions = (kind: PartyKind, q: string) =>
  queryOptions({
    queryKey: partyKeys.search(kind, q),
    queryFn: ({ signal }) => searchParties(kind, q, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
