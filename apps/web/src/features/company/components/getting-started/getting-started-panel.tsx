import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CheckCircle2, Circle, Sparkles, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useBrowserValue } from '../../../../lib/browser-value.ts';
import { Link } from 'react-router';
import { hasAnyPermission } from '@sede/shared/permissions';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { membersQueryOptions } from '../../../admin/public.ts';
import { invitationsQueryOptions } from '../../../invitations/public.ts';
import { useAuth } from '../../../../lib/session/auth-provider.tsx';
import { dismissedKey, stepsFor, trialLine } from './steps.ts';

function readDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    return false;
  }
}

/** 'Primeiros passos' on /empresa: trial and plan, then the steps that apply to the person. */
export function GettingStartedPanel() {
  const { user, profile, company, permissions } = useAuth();
  const titleId = useId();
  const userId = user?.id ?? '';
  // Hidden in this browser: known to the browser only, so shown by the server (decision 0766).
  const dismissedHere = useBrowserValue(() => (userId ? readDismissed(userId) : false), false);
  const [dismissedNow, setDismissed] = useState(false);
  const dismissed = dismissedNow || dismissedHere;
  const isAdmin = hasAnyPermission(permissions, ['admin']);
  const show = Boolean(company && userId && !dismissed);
  // The team counts come from the admin's own lists (the same queries as /admin).
  const members = useQuery({ ...membersQueryOptions(), enabled: show && isAdmin });
  const invitations = useQuery({ ...invitationsQueryOptions(), enabled: show && isAdmin });
  if (!show || !company) return null;

  const team =
    members.data && invitations.data ? { members: members.data.length, pendingInvitations: invitations.data.length } : undefined;
  const steps = stepsFor({ company, profile, permissions, isAdmin, team, now: Date.now() });
  const doneCount = steps.filter((s) => s.done).length;

  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(userId), '1');
    } catch {
      // Storage blocked: hidden for this visit only.
    }
    setDismissed(true);
  };

  return (
    <Card className="p-6" data-testid="getting-started">
      <section aria-labelledby={titleId}>
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
              <Sparkles className="size-4 text-[var(--color-accent)]" aria-hidden /> Primeiros passos
            </h2>
            <p className="mt-1 text-sm text-slate-700" data-testid="getting-started-trial">{trialLine(company, Date.now())}</p>
            <p className="text-sm text-slate-600" data-testid="getting-started-progress">{`${doneCount} de ${steps.length} concluídos`}</p>
          </div>
          <Button type="button" variant="ghost" size="icon" onClick={dismiss} aria-label="Ocultar primeiros passos" data-testid="getting-started-dismiss">
            <X aria-hidden />
          </Button>
        </div>
        <ol className="mt-4 grid gap-2">
          {steps.map(({ step, done }) => (
            <li
              key={step.id}
              data-testid={`step-${step.id}`}
              data-done={done === undefined ? 'unknown' : String(done)}
              className="flex flex-col gap-2 rounded-[var(--radius-ui)] border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 gap-3">
                {done ? (
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
                ) : (
                  <Circle className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden />
                )}
                <div className="min-w-0">
                  <p className={done ? 'font-medium text-slate-600 line-through decoration-slate-400' : 'font-medium text-slate-900'}>
                    <span className="sr-only">{done ? 'Concluído: ' : 'Pendente: '}</span>
                    {step.title}
                  </p>
                  <p className="text-sm text-slate-600">{step.description}</p>
                </div>
              </div>
              {!done && (
                <Button asChild variant="secondary" size="sm" className="self-start sm:self-center">
                  <Link to={step.href}>
                    {step.linkLabel} <ArrowRight aria-hidden />
                  </Link>
                </Button>
              )}
            </li>
          ))}
        </ol>
      </section>
    </Card>
  );
}
