import { type ComponentProps, lazy, Suspense } from 'react';
import type { InviteMemberForm as Form } from './invite-member-form.tsx';

const Loaded = lazy(() => import('./invite-member-form.tsx').then((m) => ({ default: m.InviteMemberForm })));

/**
 * The invitation form as other features get it (public.ts): its code (react-hook-form, the
 * schema's zod) is fetched when the form first renders, so a page that only reads the
 * invitations through the same barrel (/empresa's getting-started panel) does not download it
 * (decision 0749). The space it takes is kept while it loads.
 */
export function InviteMemberForm(props: ComponentProps<typeof Form>) {
  return (
    <Suspense fallback={<div className="min-h-[12.25rem] sm:min-h-36" aria-busy="true" data-testid="invite-form-loading" />}>
      <Loaded {...props} />
    </Suspense>
  );
}
