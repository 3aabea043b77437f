import { toast } from '../../lib/toast.ts';
import { NOTIFICATION_KIND_LABELS, type NotificationPreference } from '@sede/shared/platform/notifications';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { useNotificationPreferences, useSavePreference } from './api.ts';

function Toggle({ checked, label, disabled, onChange }: { checked: boolean; label: string; disabled?: boolean; onChange: (v: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--color-accent)] disabled:opacity-50',
        checked ? 'bg-[var(--color-accent)]' : 'bg-slate-300',
      )}
    >
      <span className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5.5' : 'translate-x-0.5')} aria-hidden />
    </button>
  );
}

/** /perfil › Notificações: per kind, whether it shows in the bell and whether it comes by e-mail. */
export function NotificationPreferencesSection() {
  const prefs = useNotificationPreferences();
  const save = useSavePreference();
  const change = (pref: NotificationPreference) =>
    save.mutate(pref, {
      onSuccess: () => toast.success('Preferência de notificação salva.'),
      onError: (e) => toast.error(e.message),
    });
  return (
    <Card className="mt-6" data-testid="notification-preferences">
      <CardHeader>
        <CardTitle>Notificações</CardTitle>
        <CardDescription>Escolha, para cada tipo, se você quer ser avisado no sino do Sede e por e-mail.</CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {prefs.error.message}
          </p>
        ) : !prefs.data ? (
          <div className="h-40 animate-pulse rounded-lg bg-slate-100" aria-hidden />
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">Preferências de notificação por tipo</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs text-slate-600">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Tipo
                </th>
                <th scope="col" className="w-20 px-2 py-2 text-center font-medium">
                  No Sede
                </th>
                <th scope="col" className="w-20 py-2 pl-2 text-center font-medium">
                  E-mail
                </th>
              </tr>
            </thead>
            <tbody>
              {prefs.data.preferences.map((p) => {
                const label = NOTIFICATION_KIND_LABELS[p.kind];
                return (
                  <tr key={p.kind} className="border-b border-slate-100 last:border-0">
                    <th scope="row" className="py-3 pr-3 text-left font-normal">
                      <span className="block font-medium text-slate-900">{label.title}</span>
                      <span className="block text-xs text-slate-600">{label.description}</span>
                    </th>
                    <td className="px-2 py-3 text-center">
                      <Toggle checked={p.inApp} label={`${label.title} no Sede`} disabled={save.isPending} onChange={(v) => change({ ...p, inApp: v })} />
                    </td>
                    <td className="py-3 pl-2 text-center">
                      <Toggle checked={p.email} label={`${label.title} por e-mail`} disabled={save.isPending} onChange={(v) => change({ ...p, email: v })} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
