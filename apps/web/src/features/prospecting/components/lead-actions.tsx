import { useQueryClient } from '@tanstack/react-query';
import { count } from '@sede/shared/format';
import { Download, ListPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { MAX_EXPORT, MAX_REVEAL, type LeadsSelection } from '@sede/shared/prospecting/leads';
import { coinsLabel } from '@sede/shared/platform/prices';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { JobProgress } from '../../../components/jobs/job-progress.tsx';
import { PaidActionButton, paidActionFailureMessage } from '../../../components/paid-action/paid-action-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useBusyAction } from '../../../lib/use-busy-action.ts';
import { exportCsv } from '../api/export-csv.ts';
import { useCrmLists } from '../api/get-crm-lists.ts';
import { prospectingKeys } from '../api/keys.ts';
import { useQuote } from '../api/quote.ts';
import { revealLeads } from '../api/reveal.ts';
import { sendToList } from '../api/send-to-list.ts';

type Props = {
  /** Selected leads with a contact not yet revealed (what the reveal button charges). */
  revealable: string[];
  /** What export and send take: the selection, or the search's filters; null when nothing. */
  selection: LeadsSelection | null;
  /** How the selection is described ('3 leads selecionados', 'os 120 resultados da busca'). */
  selectionLabel: string;
};

/**
 * Reveal, export CSV and send to a CRM list (decisions 0205–0207): the price
 * is on the buttons before anything runs; export and send reveal first what is not yet revealed.
 */
export function LeadActions({ revealable, selection, selectionLabel }: Props) {
  const { company, membership } = useAuth();
  const grants = grantsFor(membership);
  const mayExport = can(grants, 'prospecting.export');
  const queryClient = useQueryClient();
  const quote = useQuote(selection);
  const exportRun = useBusyAction(paidActionFailureMessage);
  const [sending, setSending] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: prospectingKeys.all });
  const coins = quote.data?.coins ?? 0;
  const price = quote.data ? (coins > 0 ? ` · ${coinsLabel(coins)}` : ' · sem custo') : '';

  const doExport = () => {
    if (!selection) return;
    return exportRun.run(async () => {
      const out = await exportCsv(selection);
      toast.success(`CSV com ${count(out.count)} ${out.count === 1 ? 'lead' : 'leads'} exportado${out.charged ? ` (${coinsLabel(out.charged)} pelos contatos revelados)` : ''}.`);
      await refresh();
    });
  };

  return (
    <section aria-label="Ações com os leads" className="grid gap-2 rounded-xl border border-slate-200 bg-white p-3">
      <p className="text-sm text-slate-700">
        {selection ? <>Ações para {selectionLabel}.</> : 'Selecione leads na lista para revelar, exportar ou enviar ao CRM.'}{' '}
        {quote.data && quote.data.toReveal > 0 ? `Exportar ou enviar revela ${count(quote.data.toReveal)} ${quote.data.toReveal === 1 ? 'lead ainda não revelado' : 'leads ainda não revelados'}; leads já revelados não são cobrados de novo.` : ''}
      </p>
      <div className="flex flex-wrap items-start gap-2">
        {revealable.length > 0 && revealable.length <= MAX_REVEAL ? (
          <PaidActionButton
            action="prospect.lead_reveal"
            quantity={revealable.length}
            balance={company?.currency_amount}
            run={async () => {
              const out = await revealLeads(revealable);
              await refresh();
              return { charged: out.charged, balance: out.balance };
            }}
          />
        ) : revealable.length > MAX_REVEAL ? (
          <p className="text-sm text-slate-600">Revele no máximo {MAX_REVEAL} leads por vez (ou exporte: a exportação revela até {count(MAX_EXPORT)}).</p>
        ) : null}
        {mayExport ? (
          <Button variant="secondary" disabled={!selection || exportRun.busy || quote.isError} onClick={doExport}>
            <Download aria-hidden className="size-4" />
            {exportRun.busy ? 'Exportando…' : `Exportar CSV${price}`}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={!selection || quote.isError} onClick={() => setSending(true)}>
          <ListPlus aria-hidden className="size-4" />
          {`Enviar para lista do CRM${price}`}
        </Button>
      </div>
      {quote.isError ? <p role="alert" className="text-sm text-red-700">{quote.error.message}</p> : null}
      {!mayExport ? <p className="text-xs text-slate-600">Exportar CSV é permitido à equipe de vendas e aos administradores.</p> : null}
      {sending && selection ? <SendDialog selection={selection} coins={coins} onClose={() => setSending(false)} onSent={refresh} /> : null}
    </section>
  );
}

function SendDialog({ selection, coins, onClose, onSent }: { selection: LeadsSelection; coins: number; onClose: () => void; onSent: () => void }) {
  const lists = useCrmLists(true);
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const [listId, setListId] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [job, setJob] = useState<{ id: string; listId: string } | null>(null);
  const [done, setDone] = useState<string>();
  const radio = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'new' && !name.trim()) return setError('Informe o nome da nova lista.');
    if (mode === 'existing' && !listId) return setError('Escolha uma lista.');
    setError(undefined);
    setPending(true);
    try {
      const out = await sendToList({ selection, ...(mode === 'new' ? { listName: name.trim() } : { listId }) });
      setJob({ id: out.jobId, listId: out.listId });
      onSent();
    } catch (err) {
      setError(paidActionFailureMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Enviar para lista do CRM" description="Cada lead vira uma organização do CRM (sem duplicar CNPJ) e, quando tem contato revelado, uma pessoa de contato com base legal de legítimo interesse (fonte: Receita Federal).">
      {job ? (
        <div className="grid gap-3">
          <JobProgress
            jobId={job.id}
            title="Envio para a lista"
            onFinished={(run) => {
              const r = run.result as { added?: number } | null;
              if (run.status === 'done') setDone(`${count(r?.added ?? 0)} contatos adicionados à lista (organizações e pessoas de contato; os que já estavam não se repetem).`);
            }}
          />
          {done ? <p className="text-sm text-green-800">{done}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Link to="/lista-contatos" className="text-sm font-medium text-[var(--color-accent)] underline">Abrir listas do CRM</Link>
            <Button variant="secondary" onClick={onClose}>Fechar</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium text-slate-800">Lista</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={radio} checked={mode === 'new'} onChange={() => setMode('new')} /> Nova lista
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={radio} checked={mode === 'existing'} onChange={() => setMode('existing')} disabled={!lists.data?.items.length} /> Lista existente
            </label>
          </fieldset>
          {mode === 'new' ? (
            <Field label="Nome da nova lista">
              <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
            </Field>
          ) : (
            <Field label="Lista do CRM">
              <select className={`${inputClass} pr-8`} value={listId} onChange={(e) => setListId(e.target.value)}>
                <option value="">Escolha…</option>
                {(lists.data?.items ?? []).map((l) => (
                  <option key={l.id} value={l.id}>{l.name}</option>
                ))}
              </select>
            </Field>
          )}
          {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>{pending ? 'Enviando…' : `Enviar${coins > 0 ? ` · ${coinsLabel(coins)}` : ''}`}</Button>
            <Button type="button" variant="secondary" onClick={onClose}>Cancelar</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
