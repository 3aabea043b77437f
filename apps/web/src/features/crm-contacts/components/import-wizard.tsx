import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileDown, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { IMPORT_FIELDS, type CrmImport, type ImportField, type ImportPreview } from '@sede/shared/crm/contacts';
import type { LegalBasis } from '@sede/shared/platform/parties';
import { uploadFile } from '../../../components/files/files-api.ts';
import { JobProgress } from '../../../components/jobs/job-progress.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { crmContactKeys } from '../api/keys.ts';
import { cn } from '../../../lib/cn.ts';
import { count } from '@sede/shared/format';
import { analyzeImport, createImport, importErrorsUrl, importQueryOptions, startImport } from '../api/imports.ts';
import { Select } from './select.tsx';
import { parseTags } from './tag-chips.tsx';
import { LegalBasisSelect } from './contact-selects.tsx';

const STEPS = ['Arquivo', 'Colunas', 'Duplicados', 'Importação', 'Resultado'] as const;
const ENCODINGS = { 'utf-8': 'UTF-8', 'windows-1252': 'Windows-1252 (Excel)', xlsx: 'Planilha XLSX' } as const;

/**
 * The import (decision 0156): upload → column mapping with a preview → duplicates → the job's
 * live progress → the result with the error report. Once started, the import's id is in the URL:
 * the person may leave and come back.
 */
export function ImportWizard({ importId, onStarted, onClose }: { importId: string | null; onStarted: (id: string) => void; onClose: () => void }) {
  const [preview, setPreview] = useState<(ImportPreview & { import: CrmImport }) | null>(null);
  const [mapping, setMapping] = useState<Array<ImportField | null>>([]);
  const [legalBasis, setLegalBasis] = useState<string>('legitimo_interesse');
  const [tags, setTags] = useState('');
  const [dedupe, setDedupe] = useState<'merge' | 'skip'>('merge');
  const [step, setStep] = useState(importId ? 3 : 0);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  async function pick(file: File) {
    setError(null);
    setPending(true);
    try {
      const draft = await createImport();
      const uploaded = await uploadFile({ entityType: 'crm_import', entityId: draft.id, kind: 'document', file, onProgress: setProgress });
      const analyzed = await analyzeImport(draft.id, uploaded.id);
      setPreview(analyzed);
      setMapping(analyzed.suggested);
      setStep(1);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Não foi possível ler o arquivo.');
    } finally {
      setPending(false);
      setProgress(null);
    }
  }

  async function start() {
    if (!preview) return;
    setError(null);
    setPending(true);
    try {
      const started = await startImport(preview.import.id, { mapping, dedupe, legalBasis: (legalBasis || null) as LegalBasis | null, tags: parseTags(tags) });
      onStarted(started.id);
      setStep(3);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Não foi possível iniciar a importação.');
    } finally {
      setPending(false);
    }
  }

  const mapped = new Set(mapping.filter(Boolean));
  return (
    <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 md:p-6" aria-labelledby="import-title" data-testid="import-wizard">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="import-title" className="text-lg font-semibold text-slate-900">
          Importar contatos
        </h3>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Fechar
        </Button>
      </div>
      <ol className="flex flex-wrap gap-2 text-xs" aria-label="Etapas da importação">
        {STEPS.map((s, i) => (
          <li key={s} aria-current={i === step ? 'step' : undefined} className={cn('rounded-full px-3 py-1', i === step ? 'bg-[var(--color-accent)] text-white' : i < step ? 'bg-[var(--color-accent-soft)] text-[var(--color-accent)]' : 'bg-slate-100 text-slate-600')}>
            {i + 1}. {s}
          </li>
        ))}
      </ol>

      {step === 0 && (
        <div className="grid gap-3">
          <p className="text-sm text-slate-700">
            Envie uma planilha CSV (separada por ponto e vírgula ou vírgula, em UTF-8 ou no formato do Excel) ou XLSX, com até 100.000 linhas. A primeira linha deve ter os nomes das colunas (nome, e-mail, telefone, celular, empresa, CNPJ, cargo, CPF, etiquetas…).
          </p>
          <label className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 p-8 text-center hover:border-[var(--color-accent)] focus-within:outline-2 focus-within:outline-[var(--color-accent)]">
            <FileSpreadsheet className="size-8 text-[var(--color-accent)]" aria-hidden />
            <span className="font-medium text-slate-900">{pending ? (progress !== null && progress < 1 ? `Enviando… ${Math.round(progress * 100)}%` : 'Lendo o arquivo…') : 'Escolher arquivo CSV ou XLSX'}</span>
            <input
              type="file"
              accept=".csv,.txt,.xlsx"
              className="sr-only"
              disabled={pending}
              data-testid="import-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void pick(file);
              }}
            />
          </label>
        </div>
      )}

      {step === 1 && preview && (
        <div className="grid gap-4">
          <p className="text-sm text-slate-700">
            {count(preview.totalRows)} linha(s) de dados · {ENCODINGS[preview.encoding]}
            {preview.separator ? ` · separador "${preview.separator === '\t' ? 'tab' : preview.separator}"` : ''}. Confira a coluna de cada campo; colunas em "Ignorar" não são importadas.
          </p>
          <div className="overflow-x-auto rounded-lg border border-slate-200">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">Prévia das primeiras linhas e campo de cada coluna</caption>
              <thead className="bg-slate-50">
                <tr>
                  {preview.headers.map((h, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: headers may repeat; the column's position is its identity
                    <th key={`${h}-${i}`} scope="col" className="min-w-40 p-2 align-top font-medium text-slate-900">
                      <span className="block truncate">{h || `Coluna ${i + 1}`}</span>
                      <Select
                        aria-label={`Campo da coluna ${h || i + 1}`}
                        className="mt-1 h-9"
                        value={mapping[i] ?? ''}
                        onChange={(e) => setMapping((m) => m.map((f, j) => (j === i ? ((e.target.value || null) as ImportField | null) : f)))}
                      >
                        <option value="">Ignorar</option>
                        {Object.entries(IMPORT_FIELDS).map(([k, label]) => (
                          <option key={k} value={k} disabled={mapped.has(k as ImportField) && mapping[i] !== k}>
                            {label}
                          </option>
                        ))}
                      </Select>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row, r) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no id
                  <tr key={r} className="border-t border-slate-100">
                    {row.map((cell, c) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells have no id
                      <td key={c} className="max-w-56 truncate p-2 text-slate-700">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="grid gap-3 md:grid-cols-2">
            <Field label="Base legal das pessoas importadas (LGPD)">
              <LegalBasisSelect value={legalBasis} onChange={(e) => setLegalBasis(e.target.value)} none="Não informar" />
            </Field>
            <Field label="Etiquetas para todos os importados">
              <Input value={tags} onChange={(e) => setTags(e.target.value)} placeholder="Ex.: feira-2025" />
            </Field>
          </div>
          {!mapped.has('name') && !mapped.has('company') && (
            <p role="alert" className="text-sm text-red-700">
              Escolha a coluna do nome (pessoa) ou da empresa.
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setStep(0)}>
              Voltar
            </Button>
            <Button disabled={!mapped.has('name') && !mapped.has('company')} onClick={() => setStep(2)}>
              Continuar
            </Button>
          </div>
        </div>
      )}

      {step === 2 && preview && (
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm text-slate-700">
            Um contato é considerado duplicado quando tem o mesmo e-mail, telefone ou CPF de uma pessoa já cadastrada (ou de uma linha anterior do arquivo); uma empresa, o mesmo CNPJ.
          </legend>
          {(
            [
              ['merge', 'Mesclar', 'Completa o contato existente: acrescenta e-mails, telefones e etiquetas novos e preenche campos vazios. Nada é sobrescrito.'],
              ['skip', 'Ignorar', 'Mantém o contato existente como está e não importa a linha duplicada.'],
            ] as const
          ).map(([value, label, help]) => (
            <label key={value} className={cn('flex cursor-pointer gap-3 rounded-lg border p-3', dedupe === value ? 'border-[var(--color-accent)] bg-[var(--color-accent-soft)]' : 'border-slate-200')}>
              <input type="radio" name="dedupe" value={value} checked={dedupe === value} onChange={() => setDedupe(value)} className="mt-1" />
              <span>
                <span className="block font-medium text-slate-900">{label}</span>
                <span className="block text-sm text-slate-700">{help}</span>
              </span>
            </label>
          ))}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setStep(1)}>
              Voltar
            </Button>
            <Button pending={pending} onClick={() => void start()}>
              Importar {count(preview.totalRows)} linha(s)
            </Button>
          </div>
        </fieldset>
      )}

      {step >= 3 && importId && <ImportRun importId={importId} onFinished={() => setStep(4)} />}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}

/** The running import (its job's live progress), then its result. */
export function ImportRun({ importId, onFinished }: { importId: string; onFinished?: () => void }) {
  const queryClient = useQueryClient();
  const imp = useQuery(importQueryOptions(importId));
  if (imp.isPending) return <p className="text-sm text-slate-600">Carregando…</p>;
  if (imp.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {imp.error.message}
      </p>
    );
  const i = imp.data;
  const finished = i.status === 'done' || i.status === 'failed';
  return (
    <div className="grid gap-3" data-testid="import-run" data-status={i.status}>
      {i.jobRunId && !finished && (
        <JobProgress
          jobId={i.jobRunId}
          title={`Importando ${i.fileName ?? 'planilha'}`}
          onFinished={() => {
            void queryClient.invalidateQueries({ queryKey: crmContactKeys.all });
            void queryClient.invalidateQueries({ queryKey: crmContactKeys.parties });
            onFinished?.();
          }}
        />
      )}
      {!finished && <p className="text-sm text-slate-600">Você pode sair desta página: a importação continua e aparece na aba Importações.</p>}
      {finished && (
        <div className="grid gap-3" data-testid="import-result">
          <p className={cn('flex items-center gap-2 font-medium', i.status === 'done' ? 'text-green-800' : 'text-red-700')} role="status">
            <CheckCircle2 className="size-5" aria-hidden /> {i.status === 'done' ? 'Importação concluída' : `A importação falhou: ${i.error ?? ''}`}
          </p>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
            {(
              [
                ['Criados', i.createdCount],
                ['Mesclados', i.mergedCount],
                ['Ignorados', i.skippedCount],
                ['Com erro', i.errorCount],
                ['Empresas novas', i.organizationsCreated],
              ] as const
            ).map(([label, n]) => (
              <div key={label} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-slate-600">{label}</dt>
                <dd className="text-lg font-semibold text-slate-900" data-testid={`import-count-${label}`}>
                  {count(n)}
                </dd>
              </div>
            ))}
          </dl>
          {i.errorCount > 0 && (
            <Button variant="secondary" asChild className="justify-self-start">
              <a href={importErrorsUrl(i.id)} download data-testid="import-errors">
                <FileDown aria-hidden /> Baixar relatório de erros (CSV)
              </a>
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
