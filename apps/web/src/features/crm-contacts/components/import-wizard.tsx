import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import type { CrmImport, ImportField, ImportPreview } from '@sede/shared/crm/contacts';
import { count } from '@sede/shared/format';
import type { LegalBasis } from '@sede/shared/platform/parties';
import { uploadFile } from '../../../components/files/files-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { analyzeImport, createImport, startImport } from '../api/imports.ts';
import { LegalBasisSelect } from './contact-selects.tsx';
import { ImportMapping } from './import-mapping.tsx';
import { ImportRun } from './import-run.tsx';
import { parseTags } from './tags.ts';

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
  const [progress, setProgress] = useState<number | null>(null);

  const reading = useSubmit(async (file: File) => {
    setProgress(null);
    const draft = await createImport();
    const uploaded = await uploadFile({ entityType: 'crm_import', entityId: draft.id, kind: 'document', file, onProgress: setProgress });
    const analyzed = await analyzeImport(draft.id, uploaded.id);
    setPreview(analyzed);
    setMapping(analyzed.suggested);
    setStep(1);
  }, 'Não foi possível ler o arquivo.');
  const starting = useSubmit(async (draft: CrmImport) => {
    const started = await startImport(draft.id, { mapping, dedupe, legalBasis: (legalBasis || null) as LegalBasis | null, tags: parseTags(tags) });
    onStarted(started.id);
    setStep(3);
  }, 'Não foi possível iniciar a importação.');

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
            <span className="font-medium text-slate-900">{reading.pending ? (progress !== null && progress < 1 ? `Enviando… ${Math.round(progress * 100)}%` : 'Lendo o arquivo…') : 'Escolher arquivo CSV ou XLSX'}</span>
            <input
              type="file"
              accept=".csv,.txt,.xlsx"
              className="sr-only"
              disabled={reading.pending}
              data-testid="import-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void reading.submit(file);
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
          <ImportMapping preview={preview} mapping={mapping} onChange={setMapping} />
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
            <Button pending={starting.pending} onClick={() => void starting.submit(preview.import)}>
              Importar {count(preview.totalRows)} linha(s)
            </Button>
          </div>
        </fieldset>
      )}

      {step >= 3 && importId && <ImportRun importId={importId} onFinished={() => setStep(4)} />}
      <FormError error={reading.error ?? starting.error} />
    </section>
  );
}
