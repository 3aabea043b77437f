import { useQuery } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MAX_EXTRACT, MAX_PROVIDER_EXTRACT, MAX_UPLOAD_BYTES, LEADS_MESSAGES, type ExtractResult, type LeadRow } from '@sede/shared/prospecting/leads';
import { cnpjSourceLabel } from '@sede/shared/prospecting/sources';
import { formatCnae } from '@sede/shared/prospecting/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { extractLeads } from '../api/extract.ts';
import { getContacts } from '../api/get-contacts.ts';
import { useProspectStatus } from '../api/get-status.ts';
import { prospectingKeys } from '../api/keys.ts';
import { LeadActions } from '../components/lead-actions.tsx';
import { LeadContacts } from '../components/lead-contacts.tsx';
import { ImportNote } from '../components/no-data.tsx';
import * as fmt from '@sede/shared/format';
import { porte, situacao } from '../lib/labels.ts';
import { toggled } from '../../../lib/toggled.ts';

const PAGE = 100;

const toBase64 = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
};

/**
 * /extrair-leads (decision 0208): paste or upload CNPJs → an enriched table to reveal, export or
 * send; without the Receita data, read from the public providers (decision 0418).
 */
export default function ExtrairLeadsPage() {
  const status = useProspectStatus();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ExtractResult | null>(null);
  // Until the status answers, as an install with the data (a failed status read changes nothing here).
  const imported = status.data?.imported ?? true;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (file && file.size > MAX_UPLOAD_BYTES) return setError(LEADS_MESSAGES.fileTooLarge);
    if (!file && !text.trim()) return setError(LEADS_MESSAGES.nothing);
    setPending(true);
    try {
      setResult(await extractLeads(file ? { file: { name: file.name, base64: await toBase64(file) } } : { text }));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold text-slate-900">Extrair leads</h2>
        <p className="text-sm text-slate-600">
          Cole ou envie uma lista de CNPJs e veja cada empresa com os dados abertos da Receita Federal: situação, atividade, cidade e porte. Depois revele os contatos, exporte em CSV ou envie para uma lista do CRM.
        </p>
      </div>
      {status.isPending ? (
        <Spinner />
      ) : (
        <div className={imported ? 'grid gap-6' : 'grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]'}>
          <Card className="min-w-0 p-4">
            <form onSubmit={submit} className="grid gap-3" noValidate aria-label="Lista de CNPJs">
              <div className="grid gap-1 text-sm">
                <label htmlFor="cnpjs-text" className="font-medium text-slate-800">CNPJs</label>
                <span id="cnpjs-hint" className="text-xs text-slate-600">
                  Um por linha ou separados por vírgula, ponto e vírgula ou espaço; com ou sem máscara; CNPJs alfanuméricos aceitos. Até {fmt.count(imported ? MAX_EXTRACT : MAX_PROVIDER_EXTRACT)} por vez
                  {imported ? '' : ' enquanto a base da Receita Federal não for importada'}.
                </span>
                <textarea id="cnpjs-text" aria-describedby="cnpjs-hint" className={`${inputClass} h-auto min-h-32 font-mono`} value={text} onChange={(e) => setText(e.target.value)} disabled={Boolean(file)} />
              </div>
              <div className="grid gap-1 text-sm">
                <label htmlFor="cnpjs-file" className="font-medium text-slate-800">Ou envie um arquivo CSV ou XLSX</label>
                <span id="file-hint" className="text-xs text-slate-600">A coluna de CNPJ é encontrada pelo título (CNPJ) ou pelo conteúdo. Até {Math.round(MAX_UPLOAD_BYTES / 1024)} KB.</span>
                <input id="cnpjs-file" aria-describedby="file-hint" type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="text-sm" />
              </div>
              {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
              <div>
                <Button type="submit" disabled={pending}>{pending ? 'Lendo…' : 'Consultar CNPJs'}</Button>
              </div>
            </form>
          </Card>
          {imported ? null : <ImportNote adds="Com a base importada, a lista aceita até 10.000 CNPJs por vez, traz porte e permite revelar contatos, exportar CSV e enviar para uma lista do CRM." />}
          <div className="min-w-0 lg:col-span-full">
            {result ? <Results result={result} /> : <EmptyState icon={ListChecks} title="Nenhuma lista consultada ainda" description="Cole os CNPJs acima (ou envie uma planilha) e clique em Consultar CNPJs para ver a tabela." />}
          </div>
        </div>
      )}
    </div>
  );
}

const sourceOf = (r: LeadRow) => (r.fonte ? cnpjSourceLabel(r.fonte) : '—');

function Results({ result }: { result: ExtractResult }) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set(result.rows.map((r) => r.cnpj)));
  const [page, setPage] = useState(0);
  const cnpjs = result.rows.map((r) => r.cnpj);
  const shown = cnpjs.slice(page * PAGE, (page + 1) * PAGE);
  // Contacts re-read after a reveal (the rows from the extraction are the first answer).
  // Rows from the public providers (no data imported) cannot be revealed, exported or sent: no selection then.
  const providers = result.origem === 'consulta_publica';
  const contacts = useQuery({ queryKey: prospectingKeys.contacts(shown.join(',')), queryFn: () => getContacts(shown), enabled: shown.length > 0 && !providers, initialData: { leads: result.rows.slice(page * PAGE, (page + 1) * PAGE) } });
  const byCnpj = new Map<string, LeadRow>((contacts.data?.leads ?? []).map((l) => [l.cnpj, l]));
  const rows = shown.map((c) => byCnpj.get(c) ?? result.rows.find((r) => r.cnpj === c)!);
  const toggle = (cnpj: string) =>
    setSelected((prev) => toggled(prev, cnpj, !prev.has(cnpj)));
  const revealable = rows.filter((r) => selected.has(r.cnpj) && r.temContato && !r.revelado).map((r) => r.cnpj);
  const pages = Math.max(1, Math.ceil(cnpjs.length / PAGE));
  return (
    <section aria-labelledby="tabela" className="grid gap-3">
      <h3 id="tabela" className="text-sm font-medium text-slate-700">
        {fmt.count(result.rows.length)} {result.rows.length === 1 ? 'empresa encontrada' : 'empresas encontradas'}
        {result.notFound.length ? ` · ${fmt.count(result.notFound.length)} ${result.notFound.length === 1 ? 'não encontrada' : 'não encontradas'}` : ''}
        {result.invalid.length ? ` · ${fmt.count(result.invalid.length)} ${result.invalid.length === 1 ? 'inválida' : 'inválidas'}` : ''}
        {result.duplicates ? ` · ${fmt.count(result.duplicates)} ${result.duplicates === 1 ? 'repetida ignorada' : 'repetidas ignoradas'}` : ''}
      </h3>
      {providers ? (
        <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" data-testid="origem-consulta-publica">
          Dados da consulta pública de CNPJ (a fonte de cada empresa está na tabela), com os contatos mascarados. Revelar contatos, exportar CSV e enviar para uma lista do CRM usam a base da Receita Federal: ficam disponíveis quando ela for importada.
        </p>
      ) : (
        <>
          <LeadActions
            revealable={revealable}
            selection={selected.size ? { cnpjs: [...selected] } : null}
            selectionLabel={`${fmt.count(selected.size)} ${selected.size === 1 ? 'lead selecionado' : 'leads selecionados'}`}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={selected.size === cnpjs.length} onChange={(e) => setSelected(e.target.checked ? new Set(cnpjs) : new Set())} />
            Selecionar todos ({fmt.count(cnpjs.length)})
          </label>
        </>
      )}
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase text-slate-600">
            <tr>
              {providers ? null : <th scope="col" className="px-3 py-2"><span className="sr-only">Selecionar</span></th>}
              <th scope="col" className="px-3 py-2">Empresa</th>
              <th scope="col" className="px-3 py-2">Situação</th>
              <th scope="col" className="px-3 py-2">CNAE principal</th>
              <th scope="col" className="px-3 py-2">Local</th>
              <th scope="col" className="px-3 py-2">{providers ? 'Fonte' : 'Porte'}</th>
              <th scope="col" className="px-3 py-2">Contatos</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.cnpj}>
                {providers ? null : <td className="px-3 py-2"><input type="checkbox" aria-label={`Selecionar ${r.razaoSocial || r.cnpj}`} checked={selected.has(r.cnpj)} onChange={() => toggle(r.cnpj)} /></td>}
                <td className="px-3 py-2">
                  <Link to={`/cnpj-search?cnpj=${r.cnpj}`} className="font-medium text-[var(--color-accent)] underline-offset-2 hover:underline">{r.razaoSocial || r.nomeFantasia || r.cnpj}</Link>
                  <div className="text-xs text-slate-600">{fmt.cnpj(r.cnpj)}{r.nomeFantasia ? ` · ${r.nomeFantasia}` : ''}</div>
                </td>
                <td className="px-3 py-2">{situacao(r.situacao)}</td>
                <td className="px-3 py-2" title={r.cnaeDescricao ?? undefined}>{r.cnaePrincipal ? formatCnae(r.cnaePrincipal) : '—'}<div className="max-w-64 truncate text-xs text-slate-600">{r.cnaeDescricao}</div></td>
                <td className="px-3 py-2">{[r.municipio, r.uf].filter(Boolean).join('/') || '—'}</td>
                <td className="px-3 py-2">{providers ? sourceOf(r) : porte(r.porte)}</td>
                <td className="max-w-56 px-3 py-2 text-xs"><LeadContacts lead={r} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden">
        {rows.map((r) => (
          <li key={r.cnpj} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
            {providers ? null : <input type="checkbox" className="float-right" aria-label={`Selecionar ${r.razaoSocial || r.cnpj}`} checked={selected.has(r.cnpj)} onChange={() => toggle(r.cnpj)} />}
            <Link to={`/cnpj-search?cnpj=${r.cnpj}`} className="font-medium text-[var(--color-accent)] underline-offset-2 hover:underline">{r.razaoSocial || r.nomeFantasia || r.cnpj}</Link>
            <p className="text-xs text-slate-600">{fmt.cnpj(r.cnpj)} · {situacao(r.situacao)}</p>
            <p className="mt-1 text-xs">{r.cnaePrincipal ? formatCnae(r.cnaePrincipal) : '—'} · {[r.municipio, r.uf].filter(Boolean).join('/') || '—'} · {providers ? `Fonte: ${sourceOf(r)}` : porte(r.porte)}</p>
            <div className="mt-1 text-xs"><LeadContacts lead={r} /></div>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label="Paginação" className="flex items-center justify-between gap-2">
          <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>Anterior</Button>
          <span className="text-sm text-slate-700">Página {page + 1} de {pages}</span>
          <Button variant="secondary" size="sm" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>Próxima</Button>
        </nav>
      ) : null}
      {result.notFound.length || result.invalid.length ? (
        <details className="rounded-xl border border-slate-200 bg-white p-3 text-sm" open>
          <summary className="cursor-pointer font-medium text-slate-800">Linhas não usadas ({fmt.count(result.notFound.length + result.invalid.length)})</summary>
          <ul className="mt-2 grid gap-1">
            {[...result.invalid, ...result.notFound].sort((a, b) => a.line - b.line).slice(0, 500).map((p) => (
              <li key={`${p.line}-${p.value}`}>Linha {p.line}: <span className="font-mono">{p.value}</span> — {p.reason}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

