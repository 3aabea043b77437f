import { can, grantsFor } from '@sede/shared/registry/permissions';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { DunningSettingsCard } from '../components/dunning/dunning-settings-card.tsx';
import { OverdueList } from '../components/dunning/overdue-list.tsx';

/** Financeiro › Inadimplência (decisions 0580–0583): the overdue receivables and the collection rule. */
export default function OverdueTab() {
  const { membership } = useAuth();
  const mayWrite = can(grantsFor(membership), 'finance.write');
  return (
    <div className="grid gap-6">
      <OverdueList mayWrite={mayWrite} />
      <DunningSettingsCard mayWrite={mayWrite} />
    </div>
  );
}
