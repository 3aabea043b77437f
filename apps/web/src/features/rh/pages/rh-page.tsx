import * as Tabs from '@radix-ui/react-tabs';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { rhKeys } from '../api/keys.ts';
import { EmployeeDetail } from '../components/employee-detail.tsx';
import { EmployeeDialog } from '../components/employee-dialog.tsx';
import { EmployeesTab } from '../components/employees-tab.tsx';
import { OverviewTab } from '../components/overview-tab.tsx';

const TABS = [
  { value: 'visao-geral', label: 'Visão geral' },
  { value: 'colaboradores', label: 'Colaboradores' },
] as const;

/**
 * /rh (decision 0221): the area's overview and the employees register as tabs whose state is in
 * the URL (`aba`); `colaborador=<id>` opens one employee inside the register's tab.
 */
export default function RhPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { membership } = useAuth();
  const grants = grantsFor(membership);
  const [creating, setCreating] = useState(false);
  useLiveInvalidate('employee', rhKeys.all);
  const employeeId = params.get('colaborador');
  const tab = employeeId || params.get('aba') === 'colaboradores' ? 'colaboradores' : 'visao-geral';
  const back = new URLSearchParams(params);
  back.delete('colaborador');
  back.set('aba', 'colaboradores');

  return (
    <div className="grid min-w-0 gap-4">
      <Tabs.Root value={tab} onValueChange={(value) => setParams({ aba: value })} className="grid min-w-0 gap-4">
        <Tabs.List aria-label="Recursos Humanos" className="flex gap-1 overflow-x-auto border-b border-slate-200">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="-mb-px whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-[var(--color-accent)] data-[state=active]:border-[var(--color-accent)] data-[state=active]:text-[var(--color-accent)]"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="visao-geral" className="min-w-0 focus-visible:outline-none">
          <OverviewTab onNew={() => setCreating(true)} />
        </Tabs.Content>
        <Tabs.Content value="colaboradores" className="min-w-0 focus-visible:outline-none">
          {employeeId ? (
            <EmployeeDetail id={employeeId} backTo={`/rh?${back}`} mayWrite={can(grants, 'rh.write')} mayDelete={can(grants, 'rh.delete')} />
          ) : (
            <EmployeesTab onNew={() => setCreating(true)} canExport={can(grants, 'rh.export')} />
          )}
        </Tabs.Content>
      </Tabs.Root>
      <EmployeeDialog open={creating} onOpenChange={setCreating} onCreated={(e) => void navigate(`/rh?aba=colaboradores&colaborador=${e.id}`)} />
    </div>
  );
}
