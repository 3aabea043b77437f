import type { Organization, OrganizationCreate, Person, PersonCreate } from '@sede/shared/platform/parties';
import { api } from '../../../lib/api-client.ts';

/** POST /api/parties/people or PATCH /api/parties/people/:id. */
export const savePerson = (id: string | null, body: PersonCreate) =>
  api<Person>(id ? `/parties/people/${id}` : '/parties/people', { method: id ? 'PATCH' : 'POST', json: body });

/** POST /api/parties/organizations or PATCH /api/parties/organizations/:id. */
export const saveOrganization = (id: string | null, body: OrganizationCreate) =>
  api<Organization>(id ? `/parties/organizations/${id}` : '/parties/organizations', { method: id ? 'PATCH' : 'POST', json: body });
