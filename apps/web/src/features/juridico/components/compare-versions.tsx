import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FileInfo } from '@sede/shared/platform/files';
import { entityFilesQueryOptions } from '../../../components/files/files-api.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { useComparison } from '../api/compare-versions.ts';

const readable = (f: FileInfo) => /pdf|wordprocessingml|text\/plain/.test(f.mime);

/** 'Comparar versões': two of the contract's files, their text diff inline (removed in red, added in green). */
export function CompareVersions({ contractId }: { contractId: string }) {
  const files = useQuery(entityFilesQueryOptions('contract', contractId));
  const docs = (files.data ?? []).filter(readable);
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const cmp = useComparison(contractId, a || null, b || null);
  if (docs.length < 2) return <p className="text-sm text-slate-600">Envie duas versões do contrato (PDF, DOCX ou TXT) para comparar o que mudou.</p>;
  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="grid gap-2 sm:grid-cols-2">
        {[
          ['Versão anterior', a, setA],
          ['Versão nova', b, setB],
        ].map(([label, value, set]) => (
          <label key={label as string} className="grid gap-1 text-sm font-medium">
            {label as string}
            <select className={inputClass} value={value as string} onChange={(e) => (set as (v: string) => void)(e.target.value)}>
              <option value="">Escolha um arquivo</option>
              {docs.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {a && b && a === b && <p className="text-sm text-slate-600">Escolha dois arquivos diferentes.</p>}
      {cmp.isFetching && <Spinner label="Comparando…" />}
      {cmp.isError && (
        <p role="alert" className="text-sm text-red-700">
          {cmp.error.message}
        </p>
      )}
      {cmp.data && (
        <div className="grid grid-cols-1 gap-2" data-testid="comparison">
          <p className="text-sm text-slate-700">
            <span className="font-medium text-emerald-800">{cmp.data.added} linha(s) incluída(s)</span> ·{' '}
            <span className="font-medium text-red-800">{cmp.data.removed} linha(s) removida(s)</span>
          </p>
          <ol className="max-h-[28rem] overflow-auto rounded-lg border border-slate-200 bg-white font-mono text-xs" aria-label="Diferenças entre as versões">
            {cmp.data.diff.map((d, line) => ({ ...d, line })).map((d) => (
              <li key={d.line} className={d.op === 'added' ? 'bg-emerald-50 text-emerald-900' : d.op === 'removed' ? 'bg-red-50 text-red-900 line-through' : 'text-slate-700'}>
                <span className="inline-block w-5 select-none text-center" aria-hidden>
                  {d.op === 'added' ? '+' : d.op === 'removed' ? '−' : ' '}
                </span>
                <span className="sr-only">{d.op === 'added' ? 'Incluído: ' : d.op === 'removed' ? 'Removido: ' : ''}</span>
                {d.text || ' '}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
