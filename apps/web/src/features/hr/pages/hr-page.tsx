import { can, grantsFor } from '@sede/shared/registry/permissions';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { hrKeys } from '../api/keys.ts';
import { EmployeeDetail } from '../components/employee-detail.tsx';
import { EmployeeDialog } from '../components/employee-dialog.tsx';
import { EmployeesTab } from '../components/employees-tab.tsx';
import { OverviewTab } from '../components/overview-tab.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

/**
 * /rh (decision 0221): the area's overview and the employees register as tabs whose state is in
 * the URL (`aba`); `colaborador=<id>` opens one employee inside the register's tab.
 */
export default function HrPage() {
  const [params] = useUrlParams();
  const navigate = useNavigate();
  const { membership } = useAuth();
  const grants = grantsFor(membership);
  const [creating, setCreating] = useState(false);
  useLiveInvalidate('employee', hrKeys.all);
  const employeeId = params.get('colaborador');
  const back = new URLSearchParams(params);
  back.delete('colaborador');
  back.set('aba', 'colaboradores');

  return (
    <div className="grid min-w-0 gap-4">
      <Tabs
        label="Recursos Humanos"
        value={employeeId ? 'colaboradores' : undefined}
        resets={['colaborador']}
        tabs={[
          { value: 'visao-geral', label: 'Visão geral', content: <OverviewTab onNew={() => setCreating(true)} /> },
          {
            value: 'colaboradores',
            label: 'Colaboradores',
            content: employeeId ? (
              <EmployeeDetail id={employeeId} backTo={`/rh?${back}`} mayWrite={can(grants, 'hr.write')} mayDelete={can(grants, 'hr.delete')} />
            ) : (
              <EmployeesTab onNew={() => setCreating(true)} canExport={can(grants, 'hr.export')} />
            ),
          },
        ]}
      />
      <EmployeeDialog open={creating} onOpenChange={setCreating} onCreated={(e) => void navigate(`/rh?aba=colaboradores&colaborador=${e.id}`)} />
    </div>
  );
}
