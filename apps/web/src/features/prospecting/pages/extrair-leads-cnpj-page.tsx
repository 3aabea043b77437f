import { FileSearch } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MAX_EXPORT } from '@sede/shared/prospecting/leads';
import { EXACT_COUNT_LIMIT, PORTES, SITUACOES, SORTS, UFS, formatCnae, type ProspectRow } from '@sede/shared/prospecting/schemas';
import { parseBrlToCents } from '@sede/shared/finance/money';
import { MoneyInput } from '../../../components/form/money-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCnaes } from '../api/get-cnaes.ts';
import { useContacts } from '../api/get-contacts.ts';
import { LeadActions } from '../components/lead-actions.tsx';
import { LeadContacts } from '../components/lead-contacts.tsx';
import { MunicipioPicker } from '../components/municipio-picker.tsx';
import { SavedSearches } from '../components/saved-searches.tsx';
import type { LeadRow } from '@sede/shared/prospecting/leads';
import { useProspectStatus } from '../api/get-status.ts';
import { useProspectSearch } from '../api/search.ts';
import { NeedsImportedData } from '../components/no-data.tsx';
import * as fmt from '@sede/shared/format';
import { porte, situacao } from '../lib/labels.ts';
import { useUrlParams } from '../../../lib/url-params.ts';
import { toggled } from '../../../lib/toggled.ts';

/** The code at the start of the CNAE field: typed (`47`, `4721-1/02`) or picked from the list (`4721102 Padaria…`). */
const cnaeCode = (text: string) => /^(\d{2,7})/.exec(text.replace(/[.\-/\s]/g, ''))?.[1] ?? '';
const SECONDARY = ['bairro', 'cep', 'natureza', 'simples', 'mei', 'aberturaDe', 'aberturaAte', 'capitalMin', 'capitalMax', 'comTelefone', 'comEmail'];
const FIELDS = ['cnae', 'cnaeEscopo', 'uf', 'municipio', 'bairro', 'cep', 'situacao', 'porte', 'natureza', 'simples', 'mei', 'aberturaDe', 'aberturaAte', 'capitalMin', 'capitalMax', 'comTelefone', 'comEmail', 'ordem', 'porPagina'] as const;

/** /extrair-leads-cnpj (decision 0204): filter the Receita's register into a lead list. */
export default function ExtrairLeadsCnpjPage() {
  const status = useProspectStatus();
  const [params, setParams] = useUrlParams();
  const query = params.toString();
  const results = useProspectSearch(query, status.data?.imported === true);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const k of FIELDS) {
      let v = String(data.get(k) ?? '').trim();
      if (k === 'cnae') v = cnaeCode(v);
      if (v && !(k === 'situacao' && v === '02') && !(k === 'cnaeEscopo' && v === 'principal') && !(k === 'ordem' && v === 'cnpj')) next.set(k, v);
    }
    setParams(next);
  };
  const page = (n: number) => {
    setParams((next) => {
      next.set('pagina', String(n));
      return next;
    });
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold text-slate-900">Extrair leads por CNPJ</h2>
        <p className="text-sm text-slate-600">
          Monte listas de empresas por atividade (CNAE), região, porte e situação a partir dos dados abertos da Receita Federal.
          {status.data?.importedAt ? ` Base importada em ${fmt.day(status.data.importedAt)}.` : ''}
        </p>
      </div>
      <NeedsImportedData purpose="Aqui você filtra as empresas do Brasil por CNAE, UF, município, porte, abertura e capital para montar listas de prospecção.">
        <SavedSearches params={params} onApply={(f) => setParams(new URLSearchParams(f))} />
        <Filters key={query} params={params} onSubmit={submit} onClear={() => setParams(new URLSearchParams())} />
        {results.isError ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">{results.error.message}</p>
        ) : !results.data ? (
          <Spinner />
        ) : results.data.rows.length === 0 ? (
          <EmptyState icon={FileSearch} title="Nenhuma empresa com esses filtros" description="Amplie a busca: tire um filtro, use só o início do CNAE (por exemplo, 47) ou escolha outra situação cadastral." />
        ) : (
          <section aria-labelledby="resultados" className="grid gap-3" aria-busy={results.isFetching || undefined}>
            <h3 id="resultados" className="text-sm font-medium text-slate-700">
              {results.data.countExact
                ? `${fmt.count(results.data.count)} ${results.data.count === 1 ? 'empresa encontrada' : 'empresas encontradas'}`
                : `Mais de ${fmt.count(EXACT_COUNT_LIMIT)} empresas (estimativa: cerca de ${fmt.count(results.data.count)})`}
            </h3>
            <Results key={query} rows={results.data.rows} params={params} count={results.data.count} />
            <Pager pagina={results.data.pagina} porPagina={results.data.porPagina} count={results.data.count} onPage={page} />
          </section>
        )}
      </NeedsImportedData>
    </div>
  );
}

/** A capital filter typed with the money input; the query string carries reais with a point ("1500000.00"). */
function CapitalField({ label, name, initial }: { label: string; name: string; initial: string }) {
  const [cents, setCents] = useState(() => parseBrlToCents(initial));
  return (
    <>
      <Field label={label}>
        <MoneyInput cents={cents} onCents={setCents} />
      </Field>
      <input type="hidden" name={name} value={cents === null ? '' : (cents / 100).toFixed(2)} />
    </>
  );
}

/** A yes-or-no filter ('MEI', 'Com telefone'); 'Indiferente' leaves it out. */
function EitherField({ label, name, value, yes = 'Sim', no = 'Não' }: { label: string; name: string; value: string; yes?: string; no?: string }) {
  return (
    <Field label={label}>
      <select name={name} defaultValue={value} className={`${inputClass} pr-8`}>
        <option value="">Indiferente</option>
        <option value="true">{yes}</option>
        <option value="false">{no}</option>
      </select>
    </Field>
  );
}

function Filters({ params, onSubmit, onClear }: { params: URLSearchParams; onSubmit: (e: FormEvent<HTMLFormElement>) => void; onClear: () => void }) {
  const v = (k: string, d = '') => params.get(k) ?? d;
  const [cnaeText, setCnaeText] = useState(v('cnae'));
  const [cnaeError, setCnaeError] = useState<string>();
  const [uf, setUf] = useState(v('uf'));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    if (cnaeText.trim() && !cnaeCode(cnaeText)) {
      e.preventDefault();
      setCnaeError('Escolha um CNAE da lista ou digite o código (de 2 a 7 dígitos).');
      return;
    }
    setCnaeError(undefined);
    onSubmit(e);
  };
  const cnaes = useCnaes(/^\d+$/.test(cnaeText) ? '' : cnaeText);
  const select = `${inputClass} pr-8`;
  return (
    <Card className="p-4">
      <form onSubmit={submit} className="grid gap-4" aria-label="Filtros" noValidate>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="CNAE (código ou nome)" hint="Ex.: 4721102, 47 ou padaria" error={cnaeError}>
            <Input name="cnae" list="cnae-options" value={cnaeText} onChange={(e) => setCnaeText(e.target.value)} autoComplete="off" />
          </Field>
          <datalist id="cnae-options">
            {(cnaes.data?.cnaes ?? []).map((c) => (
              <option key={c.codigo} value={`${c.codigo} ${c.descricao}`}>{formatCnae(c.codigo)}</option>
            ))}
          </datalist>
          <Field label="Onde procurar o CNAE">
            <select name="cnaeEscopo" defaultValue={v('cnaeEscopo', 'principal')} className={select}>
              <option value="principal">Atividade principal</option>
              <option value="qualquer">Principal ou secundária</option>
            </select>
          </Field>
          <Field label="UF">
            <select name="uf" value={uf} onChange={(e) => setUf(e.target.value)} className={select}>
              <option value="">Todas</option>
              {UFS.map((uf) => <option key={uf} value={uf}>{uf === 'EX' ? 'Exterior' : uf}</option>)}
            </select>
          </Field>
          <MunicipioPicker uf={uf} initial={v('municipio')} />
          <Field label="Situação cadastral">
            <select name="situacao" defaultValue={v('situacao', '02')} className={select}>
              {Object.entries(SITUACOES).map(([code, label]) => <option key={code} value={code}>{label}</option>)}
              <option value="todas">Todas</option>
            </select>
          </Field>
          <Field label="Porte">
            <select name="porte" defaultValue={v('porte')} className={select}>
              <option value="">Todos</option>
              {Object.entries(PORTES).map(([code, label]) => <option key={code} value={code}>{label}</option>)}
            </select>
          </Field>
          <Field label="Ordenar por">
            <select name="ordem" defaultValue={v('ordem', 'cnpj')} className={select}>
              {Object.entries(SORTS).map(([k, label]) => <option key={k} value={k}>{label}</option>)}
            </select>
          </Field>
        </div>
        <details className="group rounded-lg border border-slate-200 p-3" open={SECONDARY.some((k) => params.has(k))}>
          <summary className="cursor-pointer text-sm font-medium text-slate-800">Mais filtros: endereço, natureza, Simples/MEI, abertura, capital e contatos</summary>
          <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Bairro (início)">
            <Input name="bairro" defaultValue={v('bairro')} />
          </Field>
          <Field label="CEP (início)">
            <Input name="cep" defaultValue={v('cep')} inputMode="numeric" />
          </Field>
          <Field label="Natureza jurídica (código)" hint="Ex.: 2062 (Ltda.)">
            <Input name="natureza" defaultValue={v('natureza')} inputMode="numeric" />
          </Field>
          <EitherField label="Simples Nacional" name="simples" value={v('simples')} yes="Optante" no="Não optante" />
          <EitherField label="MEI" name="mei" value={v('mei')} />
          <Field label="Aberta a partir de">
            <Input type="date" name="aberturaDe" defaultValue={v('aberturaDe')} />
          </Field>
          <Field label="Aberta até">
            <Input type="date" name="aberturaAte" defaultValue={v('aberturaAte')} />
          </Field>
          <CapitalField label="Capital social mínimo (R$)" name="capitalMin" initial={v('capitalMin')} />
          <CapitalField label="Capital social máximo (R$)" name="capitalMax" initial={v('capitalMax')} />
          <EitherField label="Com telefone" name="comTelefone" value={v('comTelefone')} />
          <EitherField label="Com e-mail" name="comEmail" value={v('comEmail')} />
          </div>
        </details>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">Buscar empresas</Button>
          <Button type="button" variant="secondary" onClick={onClear}>Limpar filtros</Button>
        </div>
      </form>
    </Card>
  );
}

const place = (r: ProspectRow) => [r.municipio, r.uf].filter(Boolean).join('/') || '—';

type Sel = { selected: Set<string>; toggle: (cnpj: string) => void; contacts: Map<string, LeadRow> };

/** The results with a selection, their contacts (masked until revealed) and the lead actions. */
function Results({ rows, params, count }: { rows: ProspectRow[]; params: URLSearchParams; count: number }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [all, setAll] = useState(false);
  const contacts = useContacts(rows.map((r) => r.cnpj));
  const byCnpj = new Map((contacts.data?.leads ?? []).map((l) => [l.cnpj, l]));
  const toggle = (cnpj: string) =>
    setSelected((prev) => toggled(prev, cnpj, !prev.has(cnpj)));
  const filtros = Object.fromEntries([...params.entries()].filter(([k]) => k !== 'pagina' && k !== 'porPagina'));
  const revealable = [...selected].filter((c) => byCnpj.get(c)?.temContato && !byCnpj.get(c)?.revelado);
  const total = Math.min(count, MAX_EXPORT);
  const selection = all ? { filtros } : selected.size ? { cnpjs: [...selected] } : null;
  const sel: Sel = { selected, toggle, contacts: byCnpj };
  return (
    <>
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={rows.every((r) => selected.has(r.cnpj))} onChange={(e) => setSelected(e.target.checked ? new Set([...selected, ...rows.map((r) => r.cnpj)]) : new Set())} />
          Selecionar os desta página
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
          Exportar/enviar todos os resultados (até {fmt.count(MAX_EXPORT)})
        </label>
      </div>
      <LeadActions
        revealable={revealable}
        selection={selection}
        selectionLabel={all ? `os ${fmt.count(total)} primeiros resultados da busca` : `${selected.size} ${selected.size === 1 ? 'lead selecionado' : 'leads selecionados'}`}
      />
      <ResultsTable rows={rows} sel={sel} />
      <ResultCards rows={rows} sel={sel} />
    </>
  );
}


function ResultsTable({ rows, sel }: { rows: ProspectRow[]; sel: Sel }) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2"><span className="sr-only">Selecionar</span></th>
            <th scope="col" className="px-3 py-2">Empresa</th>
            <th scope="col" className="px-3 py-2">CNAE principal</th>
            <th scope="col" className="px-3 py-2">Local</th>
            <th scope="col" className="px-3 py-2">Porte</th>
            <th scope="col" className="px-3 py-2">Abertura</th>
            <th scope="col" className="px-3 py-2 text-right">Capital social</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.cnpj}>
              <td className="px-3 py-2">
                <input type="checkbox" aria-label={`Selecionar ${r.razaoSocial || r.cnpj}`} checked={sel.selected.has(r.cnpj)} onChange={() => sel.toggle(r.cnpj)} />
              </td>
              <td className="px-3 py-2">
                <Link to={`/cnpj-search?cnpj=${r.cnpj}`} className="font-medium text-[var(--color-accent)] underline-offset-2 hover:underline">{r.razaoSocial || r.nomeFantasia || r.cnpj}</Link>
                <div className="text-xs text-slate-600">{fmt.cnpj(r.cnpj)}{r.nomeFantasia ? ` · ${r.nomeFantasia}` : ''} · {situacao(r.situacao)}</div>
                <div className="mt-1 text-xs"><LeadContacts lead={sel.contacts.get(r.cnpj)} /></div>
              </td>
              <td className="px-3 py-2" title={r.cnaeDescricao ?? undefined}>
                {r.cnaePrincipal ? formatCnae(r.cnaePrincipal) : '—'}
                <div className="max-w-64 truncate text-xs text-slate-600">{r.cnaeDescricao}</div>
              </td>
              <td className="px-3 py-2">{place(r)}<div className="text-xs text-slate-600">{r.bairro}</div></td>
              <td className="px-3 py-2">{porte(r.porte)}</td>
              <td className="px-3 py-2">{fmt.day(r.dataInicio)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{fmt.money(r.capitalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ResultCards({ rows, sel }: { rows: ProspectRow[]; sel: Sel }) {
  return (
    <ul className="grid gap-3 md:hidden">
      {rows.map((r) => (
        <li key={r.cnpj} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
          <input type="checkbox" className="float-right" aria-label={`Selecionar ${r.razaoSocial || r.cnpj}`} checked={sel.selected.has(r.cnpj)} onChange={() => sel.toggle(r.cnpj)} />
          <Link to={`/cnpj-search?cnpj=${r.cnpj}`} className="font-medium text-[var(--color-accent)] underline-offset-2 hover:underline">{r.razaoSocial || r.nomeFantasia || r.cnpj}</Link>
          <p className="text-xs text-slate-600">{fmt.cnpj(r.cnpj)} · {situacao(r.situacao)}</p>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            <dt className="text-slate-600">CNAE</dt>
            <dd>{r.cnaePrincipal ? formatCnae(r.cnaePrincipal) : '—'}</dd>
            <dt className="text-slate-600">Local</dt>
            <dd>{place(r)}</dd>
            <dt className="text-slate-600">Porte</dt>
            <dd>{porte(r.porte)}</dd>
            <dt className="text-slate-600">Abertura</dt>
            <dd>{fmt.day(r.dataInicio)}</dd>
            <dt className="text-slate-600">Capital</dt>
            <dd>{fmt.money(r.capitalCents)}</dd>
            <dt className="text-slate-600">Contatos</dt>
            <dd><LeadContacts lead={sel.contacts.get(r.cnpj)} /></dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Pager({ pagina, porPagina, count, onPage }: { pagina: number; porPagina: number; count: number; onPage: (n: number) => void }) {
  const last = Math.max(1, Math.min(Math.ceil(count / porPagina), Math.floor((EXACT_COUNT_LIMIT - 1) / porPagina) + 1));
  return (
    <nav aria-label="Paginação" className="flex items-center justify-between gap-2">
      <Button variant="secondary" size="sm" disabled={pagina <= 1} onClick={() => onPage(pagina - 1)}>Anterior</Button>
      <span className="text-sm text-slate-700">Página {pagina} de {fmt.count(last)}</span>
      <Button variant="secondary" size="sm" disabled={pagina >= last} onClick={() => onPage(pagina + 1)}>Próxima</Button>
    </nav>
  );
}
