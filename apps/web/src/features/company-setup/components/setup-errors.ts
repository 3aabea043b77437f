import { toast } from 'sonner';
import { COMPANY_MESSAGES } from '@sede/shared/company';
import { ApiError } from '../../../lib/api-client.ts';

const description = (e: ApiError, fallback: string) => {
  const d = e.body?.description;
  return typeof d === 'string' && d ? d : fallback;
};

/** The §8 message for a failed CNPJ search. `onInvalid` ties a 400 to the CNPJ field. */
export function showLookupError(e: unknown, onInvalid: (message: string) => void) {
  if (!(e instanceof ApiError)) {
    toast.error(COMPANY_MESSAGES.unexpected, { description: COMPANY_MESSAGES.createErrorDescription });
    return;
  }
  switch (e.status) {
    case 400:
      onInvalid(e.message);
      toast.error(e.message, { description: COMPANY_MESSAGES.notFoundDescription });
      return;
    case 401:
      toast.error(COMPANY_MESSAGES.invalidSession, { description: 'Entre novamente para continuar.' });
      return;
    case 404:
      toast.error(COMPANY_MESSAGES.notFound, { description: COMPANY_MESSAGES.notFoundDescription });
      return;
    default:
      // 502 (every provider failed), a network error, anything else: the search failed.
      toast.error(COMPANY_MESSAGES.searchError, {
        description: e.status === 502 ? description(e, COMPANY_MESSAGES.searchErrorDescription) : COMPANY_MESSAGES.searchErrorDescription,
      });
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
