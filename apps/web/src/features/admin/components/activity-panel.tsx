import { History } from 'lucide-react';
import { useId, useState } from 'react';
import { ACTIVITY_GROUPS, activityActor, activityLabel, describeActivity } from '@sede/shared/activity';
import { dateTime } from '@sede/shared/format';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useActivity, type ActivityFilters } from '../api/list-activity.ts';
import { useMembers } from '../api/list-members.ts';
import { ListSkeleton } from './list-skeleton.tsx';

/** The activity log with filters by person, action and date. */
export function ActivityPanel() {
  const [filters, setFilters] = useState<ActivityFilters>({});
  const members = useMembers();
  const activity = useActivity(filters);
  const id = useId();
  const set = (key: keyof ActivityFilters) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setFilters((f) => ({ ...f, [key]: e.target.value || undefined }));
  const entries = activity.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <div className="grid gap-4">
      <form className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(e) => e.preventDefault()} aria-label="Filtros do registro de atividades">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-person`}>Pessoa</Label>
          <select id={`${id}-person`} className={inputClass} value={filters.userId ?? ''} onChange={set('userId')}>
            <option value="">Todas</option>
            {members.data?.map((m) => (
              <option key={m.userId} value={m.userId}>{m.name}</option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-action`}>Ação</Label>
          <select id={`${id}-action`} className={inputClass} value={filters.action ?? ''} onChange={set('action')}>
            <option value="">Todas</option>
            {Object.entries(ACTIVITY_GROUPS).map(([group, actions]) => (
              <optgroup key={group} label={group}>
                {Object.entries(actions).map(([value, label]) => (
                  <option key={value} value={value}>{label}</option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>De</Label>
          <input id={`${id}-from`} type="date" className={inputClass} value={filters.from ?? ''} onChange={set('from')} max={filters.to} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>Até</Label>
          <input id={`${id}-to`} type="date" className={inputClass} value={filters.to ?? ''} onChange={set('to')} min={filters.from} />
        </div>
      </form>

      {activity.isPending ? (
        <ListSkeleton />
      ) : activity.isError ? (
        <p role="alert" className="text-sm text-red-700">{activity.error.message}</p>
      ) : entries.length === 0 ? (
        <EmptyState icon={History} title="Nenhuma atividade encontrada" description="Entradas, convites, exclusões, exportações, envios e moedas gastas aparecem aqui. Ajuste os filtros para ver outros períodos." />
      ) : (
        <ol className="grid divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Atividades">
          {entries.map((entry) => {
            const detail = describeActivity(entry);
            return (
              <li key={entry.id} className="grid gap-1 p-4 sm:grid-cols-[10rem_1fr] sm:gap-4" data-testid="activity-row" data-action={entry.action}>
                <time dateTime={entry.createdAt} className="text-xs text-slate-600 sm:pt-0.5">{dateTime(entry.createdAt)}</time>
                <div className="min-w-0 text-sm">
                  <p className="text-slate-900">
                    <span className="font-medium">{activityActor(entry)}</span> · {activityLabel(entry.action)}
                  </p>
                  {detail && <p className="break-words text-slate-600">{detail}</p>}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {activity.hasNextPage && (
        <Button variant="secondary" className="justify-self-center" onClick={() => void activity.fetchNextPage()} pending={activity.isFetchingNextPage}>
          Carregar mais
        </Button>
      )}
    </div>
  );
}
