import { can, grantsFor } from '@sede/shared/registry/permissions';
import { useAuth } from '../../../../lib/session/auth-provider.tsx';

export function useMarketingPermissions() {
  const { membership } = useAuth();
  const grants = grantsFor(membership);
  return { canWrite: can(grants, 'marketing.write'), canDelete: can(grants, 'marketing.delete') };
}
