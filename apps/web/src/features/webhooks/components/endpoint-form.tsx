import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_GROUPS, WEBHOOK_MESSAGES, type WebhookEndpoint, type WebhookEventType } from '@sede/shared/platform/webhooks';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ScrollDialog } from '../../../components/ui/scroll-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';

export type EndpointFormValues = { url: string; description: string; events: WebhookEventType[] };

/** The events, a group at a time: one box for the whole group, one per event. */
function EventPicker({ value, onChange }: { value: readonly string[]; onChange: (next: WebhookEventType[]) => void }) {
  const chosen = new Set(value);
  const set = (types: readonly WebhookEventType[], on: boolean) => {
    const next = new Set(chosen);
    for (const t of types) on ? next.add(t) : next.delete(t);
    onChange(WEBHOOK_EVENT_GROUPS.flatMap((g) => g.events.map((e) => e.type)).filter((t) => next.has(t)));
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {WEBHOOK_EVENT_GROUPS.map((g) => {
        const types = g.events.map((e) => e.type);
        const count = types.filter((t) => chosen.has(t)).length;
        return (
          <fieldset key={g.title} className="grid content-start gap-1.5 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-900">{g.title}</legend>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 shrink-0"
                checked={count === types.length}
                ref={(el) => {
                  if (el) el.indeterminate = count > 0 && count < types.length;
                }}
                onChange={(e) => set(types, e.target.checked)}
              />
              Todos de {g.title.toLowerCase()}
            </label>
            {g.events.map((e) => (
              <label key={e.type} className="flex items-start gap-2 pl-5 text-sm text-slate-900">
                <input type="checkbox" className="mt-0.5 size-4 shrink-0" checked={chosen.has(e.type)} onChange={(ev) => set([e.type], ev.target.checked)} />
                <span>
                  {e.label} <code className="text-xs text-slate-600">{e.type}</code>
                </span>
              </label>
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}

/** Creating or editing an endpoint: its address, a description and the events it receives. */
export function EndpointFormDialog({
  open,
  endpoint,
  onClose,
  onSubmit,
}: {
  open: boolean;
  /** The endpoint being edited; none: a new one. */
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  onSubmit: (values: EndpointFormValues) => Promise<void>;
}) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>((endpoint?.events as WebhookEventType[] | undefined) ?? []);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!events.length) return setError(WEBHOOK_MESSAGES.events);
    setPending(true);
    setError(null);
    try {
      await onSubmit({ url: url.trim(), description: description.trim(), events });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível salvar. Tente de novo em instantes.');
    } finally {
      setPending(false);
    }
  };
  return (
    <ScrollDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      wide
      title={endpoint ? 'Editar endpoint' : 'Novo endpoint de webhook'}
      description="A Sede envia um POST assinado para este endereço a cada evento escolhido."
      testId="webhook-endpoint-form"
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <Field label="URL do endpoint" hint="Um endereço https:// público do seu sistema.">
          <Input type="url" inputMode="url" placeholder="https://seu-sistema.com.br/webhooks/sede" value={url} onChange={(e) => setUrl(e.target.value)} maxLength={500} required autoComplete="off" />
        </Field>
        <Field label="Descrição (opcional)">
          <Input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} placeholder="ERP, planilha de vendas…" />
        </Field>
        <div className="grid gap-2">
          <p className="text-sm font-medium text-slate-900">Eventos</p>
          <EventPicker value={events} onChange={setEvents} />
        </div>
        <FormActions error={error} onCancel={onClose} submitLabel={endpoint ? 'Salvar' : 'Criar endpoint'} pending={pending} stacked />
      </form>
    </ScrollDialog>
  );
}
