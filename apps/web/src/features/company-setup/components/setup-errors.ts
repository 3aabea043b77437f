import { toast } from '../../../lib/toast.ts';
import { COMPANY_MESSAGES } from '@sede/shared/company';
import { ApiError } from '../../../lib/api-client.ts';

const description = (e: ApiError, fallback: string) => {
  const d = e.body?.description;
  return typeof d === 'string' && d ? d : fallback;
};

/**
 * What a failed CNPJ search left to say, shown inline under the field until the next search
 * (decision 0085): the company does not exist, or the providers could not be reached / refused.
 */
export type LookupProblem =
  | { kind: 'not_found'; cnpj: string }
  | { kind: 'unavailable' | 'rate_limited'; cnpj: string; description: string };

export const LOOKUP_RETRY_LABEL = 'Tentar novamente';
export const LOOKUP_UNREACHABLE_TITLE = 'As fontes de dados da Receita Federal não responderam: o CNPJ pode estar certo';
export const LOOKUP_RATE_LIMITED_TITLE = 'As fontes de dados recusaram a consulta por excesso de buscas: o CNPJ pode estar certo';

/**
 * The §8 message for a failed CNPJ search. Not found and failed searches come back as a
 * `LookupProblem` to keep on the page; `onInvalid` ties a 400 to the CNPJ field (plus a toast);
 * a lost session or an unreadable answer is a toast.
 */
export function lookupProblemOf(e: unknown, cnpj: string, onInvalid: (message: string) => void): LookupProblem | null {
  if (!(e instanceof ApiError)) {
    toast.error(COMPANY_MESSAGES.unexpected, { description: COMPANY_MESSAGES.createErrorDescription });
    return null;
  }
  switch (e.status) {
    case 400:
      onInvalid(e.message);
      toast.error(e.message, { description: COMPANY_MESSAGES.notFoundDescription });
      return null;
    case 401:
      toast.error(COMPANY_MESSAGES.invalidSession, { description: 'Entre novamente para continuar.' });
      return null;
    case 404:
      return { kind: 'not_found', cnpj };
    default:
      // 502 (every provider failed or refused), no answer in time, a network error: the search failed.
      return {
        kind: e.code === 'CNPJ_RATE_LIMITED' ? 'rate_limited' : 'unavailable',
        cnpj,
        description: e.status === 502 ? description(e, COMPANY_MESSAGES.searchErrorDescription) : COMPANY_MESSAGES.searchErrorDescription,
      };
  }
}

/** The §8 message for a failed company creation. */
export function showCreateError(e: unknown, handlers: { onAlreadyMember: () => void }) {
  if (!(e instanceof ApiError)) {
    toast.error(COMPANY_MESSAGES.unexpected, { description: COMPANY_MESSAGES.createErrorDescription });
    return;
  }
  if (e.status === 401) {
    toast.error(COMPANY_MESSAGES.invalidSession, { description: 'Entre novamente para continuar.' });
    return;
  }
  if (e.status === 404 && e.code === 'CNPJ_NOT_FOUND') {
    toast.error(COMPANY_MESSAGES.notFound, { description: COMPANY_MESSAGES.notFoundDescription });
    return;
  }
  if (e.status === 502) {
    toast.error(COMPANY_MESSAGES.searchError, { description: description(e, COMPANY_MESSAGES.searchErrorDescription) });
    return;
  }
  // 400 and 409 carry a message written for the person (CNPJ taken: ask for an invitation).
  const clientError = e.status >= 400 && e.status < 500;
  toast.error(COMPANY_MESSAGES.createError, {
    description: clientError && e.message ? e.message : COMPANY_MESSAGES.createErrorDescription,
    duration: e.code === 'CNPJ_TAKEN' ? 8000 : undefined,
  });
  if (e.code === 'ALREADY_MEMBER') handlers.onAlreadyMember();
}
