import { RotateCw, SearchX, WifiOff } from 'lucide-react';
import { COMPANY_MESSAGES } from '@sede/shared/company';
import { Button } from '../../../components/ui/button.tsx';
import { LOOKUP_RATE_LIMITED_TITLE, LOOKUP_RETRY_LABEL, LOOKUP_UNREACHABLE_TITLE, type LookupProblem } from './setup-errors.ts';

/** The result of a failed CNPJ search, kept on the card until the next search. */
export function LookupProblemNotice({ problem, onRetry, retrying }: { problem: LookupProblem; onRetry: () => void; retrying: boolean }) {
  if (problem.kind === 'not_found') {
    return (
      <div role="alert" data-testid="lookup-problem" data-kind="not_found" className="flex gap-3 rounded-[var(--radius-ui)] border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <SearchX className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
        <div>
          <p className="font-medium">{COMPANY_MESSAGES.notFound}</p>
          <p>{COMPANY_MESSAGES.notFoundDescription}: confira os números digitados.</p>
        </div>
      </div>
    );
  }
  return (
    <div role="alert" data-testid="lookup-problem" data-kind={problem.kind} className="flex gap-3 rounded-[var(--radius-ui)] border border-red-200 bg-red-50 p-3 text-sm text-red-950">
      <WifiOff className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden />
      <div className="grid min-w-0 gap-2">
        <div>
          <p className="font-medium">{COMPANY_MESSAGES.searchError}</p>
          <p>{problem.kind === 'rate_limited' ? LOOKUP_RATE_LIMITED_TITLE : LOOKUP_UNREACHABLE_TITLE}.</p>
          <p>{problem.description.replace(/\.$/, '')}.</p>
        </div>
        <Button type="button" variant="secondary" size="sm" className="justify-self-start" onClick={onRetry} pending={retrying}>
          {!retrying && <RotateCw aria-hidden />}
          {LOOKUP_RETRY_LABEL}
        </Button>
      </div>
    </div>
  );
}
