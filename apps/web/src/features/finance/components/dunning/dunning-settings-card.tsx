import { useQueryClient } from '@tanstack/react-query';
import { type DunningSettings, stepLabel } from '@sede/shared/finance/dunning';
import { BellRing, TriangleAlert, UserRoundCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { FormAlert } from '../../../../components/form/form-alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { QueryStates } from '../../../../components/ui/record-states.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { dunningKeys, resumeCustomer, saveDunningSettings, useDunningPauses, useDunningSettings, useDunningTemplates } from '../../api/dunning.ts';
import { Select } from '../select.tsx';

/** '1, 3, 7' → [1, 3, 7]; a token that is not a number is sent as typed (the server says why it is wrong). */
export const parseDays = (text: string): unknown[] =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((t) => (/^-?\d+$/.test(t) ? Number(t) : t));

/** The rule in one sentence: 'Às 8h (Brasília): 3 dias antes, no dia do vencimento, 1 dia depois…'. */
export function ruleSummary(s: Pick<DunningSettings, 'daysBefore' | 'onDueDate' | 'daysAfter'>) {
  const steps = [...s.daysBefore.map((d) => -d).sort((a, b) => a - b), ...(s.onDueDate ? [0] : []), ...s.daysAfter];
  return steps.length ? steps.map((st) => stepLabel(st).toLowerCase()).join(', ') : 'nenhum lembrete';
}

function Check({ label, checked, onChange, disabled, hint }: { label: string; checked: boolean; onChange: (v: boolean) => void; disabled?: boolean; hint?: string }) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-800">
      <input type="checkbox" className="mt-0.5 size-4 shrink-0" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {label}
        {hint && <span className="block text-xs text-slate-600">{hint}</span>}
      </span>
    </label>
  );
}

/**
 * The company's collection rule (decisions 0580–0583): on or off, the days before, on and after the
 * due date, the channels (e-mail; WhatsApp with an approved template when connected) and the
 * customers whose reminders are paused. Sent every day at 8h (Brasília).
 */
export function DunningSettingsCard({ mayWrite }: { mayWrite: boolean }) {
  const settings = useDunningSettings();
  return (
    <Card data-testid="dunning-settings">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing className="size-5 text-[var(--color-accent)]" aria-hidden /> Régua de cobrança
        </CardTitle>
        <CardDescription>Lembretes automáticos aos clientes, todo dia às 8h (horário de Brasília), com o link de pagamento por Pix. Um pagamento encerra os lembretes da conta.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryStates query={settings} loading="Carregando a régua…">
          {(data) => (
            <SettingsForm key={data.updatedAt ?? 'default'} settings={data} mayWrite={mayWrite} />
          )}
        </QueryStates>
        <PausedCustomers mayWrite={mayWrite} />
      </CardContent>
    </Card>
  );
}

function SettingsForm({ settings, mayWrite }: { settings: DunningSettings; mayWrite: boolean }) {
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [before, setBefore] = useState(settings.daysBefore.join(', '));
  const [onDueDate, setOnDueDate] = useState(settings.onDueDate);
  const [after, setAfter] = useState(settings.daysAfter.join(', '));
  const [email, setEmail] = useState(settings.email);
  const [whatsapp, setWhatsapp] = useState(settings.whatsapp);
  const [template, setTemplate] = useState(settings.whatsappTemplate ? `${settings.whatsappTemplate.name}|${settings.whatsappTemplate.language}` : '');
  const templates = useDunningTemplates(settings.whatsappConnected);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const disabled = !mayWrite || pending;

  const save = async () => {
    setPending(true);
    setError(null);
    const [name, language] = template ? template.split('|') : [];
    try {
      await saveDunningSettings({
        enabled,
        daysBefore: parseDays(before),
        onDueDate,
        daysAfter: parseDays(after),
        email,
        whatsapp,
        whatsappTemplate: name && language ? { name, language } : null,
      });
      toast.success('Régua de cobrança salva.');
      await queryClient.invalidateQueries({ queryKey: dunningKeys.all });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível salvar. Tente novamente.');
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {error && <FormAlert title={error} />}
      {!settings.hasPixKey && (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>Cadastre uma chave Pix padrão em Cadastros: cada lembrete leva o link de pagamento, e sem a chave nenhum lembrete é enviado.</span>
        </p>
      )}
      <Check label="Régua ativa" checked={enabled} onChange={setEnabled} disabled={disabled} hint={settings.isDefault ? 'Ligada por padrão. Ajuste os dias e salve.' : undefined} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Dias antes do vencimento" hint="Separe por vírgula. Ex.: 3">
          <Input value={before} onChange={(e) => setBefore(e.target.value)} disabled={disabled} inputMode="numeric" maxLength={40} />
        </Field>
        <div className="flex items-end pb-2">
          <Check label="No dia do vencimento" checked={onDueDate} onChange={setOnDueDate} disabled={disabled} />
        </div>
        <Field label="Dias depois do vencimento" hint="Até 6. Ex.: 1, 3, 7, 15">
          <Input value={after} onChange={(e) => setAfter(e.target.value)} disabled={disabled} inputMode="numeric" maxLength={60} />
        </Field>
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-900">Canais</legend>
        <Check label="E-mail" hint="Para o e-mail do cliente cadastrado na conta a receber." checked={email} onChange={setEmail} disabled={disabled} />
        <Check
          label="WhatsApp"
          hint={settings.whatsappConnected ? 'Com um modelo aprovado pela Meta: {{1}} cliente, {{2}} descrição, {{3}} valor, {{4}} vencimento, {{5}} link.' : 'Conecte o WhatsApp da empresa em Atendimento para usar este canal.'}
          checked={whatsapp}
          onChange={setWhatsapp}
          disabled={disabled || (!settings.whatsappConnected && !whatsapp)}
        />
        {whatsapp && settings.whatsappConnected && (
          <Field label="Modelo de WhatsApp aprovado">
            <Select value={template} onChange={(e) => setTemplate(e.target.value)} disabled={disabled || templates.isPending}>
              <option value="">{templates.isPending ? 'Carregando modelos…' : 'Escolha um modelo'}</option>
              {(templates.data?.templates ?? []).map((t) => (
                <option key={`${t.name}|${t.language}`} value={`${t.name}|${t.language}`}>
                  {t.name} ({t.language})
                </option>
              ))}
            </Select>
          </Field>
        )}
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" data-testid="dunning-summary">
          {settings.enabled ? `Envia: ${ruleSummary(settings)}.` : 'Régua desligada: nenhum lembrete é enviado.'}
        </p>
        {mayWrite && (
          <Button type="submit" pending={pending}>
            Salvar régua
          </Button>
        )}
      </div>
    </form>
  );
}

function PausedCustomers({ mayWrite }: { mayWrite: boolean }) {
  const pauses = useDunningPauses();
  const queryClient = useQueryClient();
  const items = pauses.data?.items ?? [];
  if (!items.length) return null;
  const resume = async (id: string) => {
    try {
      await resumeCustomer(id);
      toast.success('Régua retomada para o cliente.');
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível retomar.');
    }
    await queryClient.invalidateQueries({ queryKey: dunningKeys.all });
  };
  return (
    <section className="mt-6 grid gap-2 border-t border-slate-200 pt-4" aria-labelledby="dunning-paused-title">
      <h3 id="dunning-paused-title" className="text-sm font-medium text-slate-900">
        Clientes com a régua pausada
      </h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {items.map((p) => (
          <li key={p.id} className="flex min-w-0 items-center justify-between gap-2 rounded-lg border border-slate-200 p-2 pl-3">
            <span className="truncate text-sm text-slate-800" title={p.name}>
              {p.name}
            </span>
            {mayWrite && (
              <Button size="sm" variant="ghost" onClick={() => resume(p.id)} aria-label={`Retomar a régua de ${p.name}`}>
                <UserRoundCheck aria-hidden /> Retomar
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
