import { type ComponentProps, lazy, Suspense } from 'react';
import type { InviteMemberForm as Form } from './invite-member-form.tsx';

const Loaded = lazy(() => import('./invite-member-form.tsx').then((m) => ({ default: m.InviteMemberForm })));

/**
 * The invitation form as other features get it (public.ts): its code (react-hook-form, the
 * schema's zod) is fetched when the form first renders, so a page that only reads the
 * invitations through the same barrel (/empresa's getting-started panel) does not download it
 * (decision 0749). While it loads, grey shapes of its fields hold its place and its layout.
 */
export function InviteMemberForm(props: ComponentProps<typeof Form>) {
  return (
    <Suspense fallback={<FormShapes />}>
      <Loaded {...props} />
    </Suspense>
  );
}

const label = 'h-4 w-20 rounded bg-slate-200';
const input = 'mt-2 h-10 rounded-[var(--radius-ui)] bg-slate-100';

/** The form's fields as grey shapes, in the form's own grid (e-mail over role and button). */
function FormShapes() {
  return (
    <div aria-busy="true" data-testid="invite-form-loading" className="grid min-h-[12.25rem] gap-3 motion-safe:animate-pulse sm:min-h-36 sm:grid-cols-[minmax(0,1fr)_auto]">
      <div className="sm:col-span-2">
        <div className={label} />
        <div className={input} />
      </div>
      <div>
        <div className={label} />
        <div className={input} />
      </div>
      <div className="h-10 rounded-[var(--radius-ui)] bg-slate-200 sm:mt-[1.625rem] sm:w-40" />
    </div>
  );
}
