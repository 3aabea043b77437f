import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { count } from '@sede/shared/format';
import { isReadableDocument } from '../../../components/analysis/analysis-source.ts';
import { DiffLegend, WordChanges } from '../../../components/diff/word-changes.tsx';
import { entityFilesQueryOptions } from '../../../components/files/files-api.ts';
import { Field } from '../../../components/ui/field.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useComparison } from '../api/compare-versions.ts';

const words = (n: number, verb: string) => `${count(n)} ${n === 1 ? `palavra ${verb}` : `palavras ${verb.replace(/a$/, 'as')}`}`;

/**
 * 'Comparar versões': two of the contract's files (a PDF against its DOCX too), their texts
 * compared word by word after evening out line wraps and hyphenation (decision 0380): the newer
 * text with its insertions and deletions inline, unchanged stretches folded around the changes.
 */
export function CompareVersions({ contractId }: { contractId: string }) {
  const files = useQuery(entityFilesQueryOptions('contract', contractId));
  const docs = (files.data ?? []).filter((f) => isReadableDocument(f.mime));
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const cmp = useComparison(contractId, a || null, b || null);
  if (docs.length < 2) return <p className="text-sm text-slate-600">Envie duas versões do contrato (PDF, DOCX ou TXT) para comparar o que mudou.</p>;
  const options = docs.map((f) => ({ value: f.id, label: f.name }));
  const same = cmp.data && cmp.data.added === 0 && cmp.data.removed === 0;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      <div className="grid gap-2 sm:grid-cols-2">
        {[
          ['Versão anterior', a, setA],
          ['Versão nova', b, setB],
        ].map(([label, value, set]) => (
          <Field key={label as string} label={label as string}>
            <OptionSelect none="Escolha um arquivo" options={options} value={value as string} onChange={(e) => (set as (v: string) => void)(e.target.value)} />
          </Field>
        ))}
      </div>
      {a && b && a === b && <p className="text-sm text-slate-600">Escolha dois arquivos diferentes.</p>}
      {cmp.isFetching && <Spinner label="Comparando…" />}
      {cmp.isError && (
        <p role="alert" className="text-sm text-red-700">
          {cmp.error.message}
        </p>
      )}
      {cmp.data && !cmp.isFetching && (
        <div className="grid min-w-0 grid-cols-1 gap-2" data-testid="comparison">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <p className="text-sm text-slate-700" data-testid="diff-summary">
              {same ? (
                'O texto é o mesmo nas duas versões (quebras de linha, hifenização e espaços não contam como mudança).'
              ) : (
                <>
                  <span className="font-medium text-emerald-800">{words(cmp.data.added, 'incluída')}</span> ·{' '}
                  <span className="font-medium text-red-800">{words(cmp.data.removed, 'removida')}</span>
                </>
              )}
            </p>
            {!same && <DiffLegend />}
          </div>
          {cmp.data.tooDifferent && (
            <p className="rounded-lg border border-amber-200 bg-amber-50 p-2 text-xs text-amber-900">
              Os dois arquivos têm textos muito diferentes para comparar palavra por palavra: confira se são versões do mesmo contrato.
            </p>
          )}
          <section aria-label="Diferenças entre as versões" className="max-h-[32rem] overflow-auto rounded-lg border border-slate-200 bg-white p-3">
            <WordChanges changes={cmp.data.changes} fold />
          </section>
        </div>
      )}
    </div>
  );
}
