import { useQuery } from '@tanstack/react-query';
import { FileDown, Upload } from 'lucide-react';
import type { CrmImport } from '@sede/shared/crm/contacts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { count, dateTime } from '@sede/shared/format';
import { importErrorsUrl, importsQueryOptions } from '../api/imports.ts';

const STATUS: Record<CrmImport['status'], string> = {
  draft: 'Aguardando arquivo',
  ready: 'Aguardando colunas',
  queued: 'Na fila',
  running: 'Importando',
  done: 'Concluída',
  failed: 'Falhou',
};

/** The company's imports, newest first: status, counts, the error report; a running one can be followed again. */
export function ImportsPanel({ onNew, onOpen }: { onNew: () => void; onOpen: (id: string) => void }) {
  const imports = useQuery({ ...importsQueryOptions(), refetchInterval: (q) => (q.state.data?.some((i) => i.status === 'queued' || i.status === 'running') ? 3000 : false) });
  if (imports.isPending) return <p className="text-sm text-slate-600">Carregando…</p>;
  if (imports.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {imports.error.message}
      </p>
    );
  const started = imports.data.filter((i) => i.status !== 'draft' && i.status !== 'ready');
  if (started.length === 0)
    return (
      <EmptyState
        icon={Upload}
        title="Nenhuma importação ainda"
        description="Traga seus contatos de uma planilha CSV ou XLSX (de outro CRM, do Excel ou de uma feira): você confere as colunas, escolhe o que fazer com duplicados e acompanha o progresso."
        action={<Button onClick={onNew}>Importar planilha</Button>}
      />
    );
  return (
    <div className="grid gap-3">
      <Button className="justify-self-start" onClick={onNew}>
        <Upload aria-hidden /> Nova importação
      </Button>
      <ul className="grid gap-2" aria-label="Importações">
        {started.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <div className="min-w-0 flex-1 basis-56">
              <p className="truncate font-medium text-slate-900">{i.fileName ?? 'Planilha'}</p>
              <p className="text-sm text-slate-600">
                {STATUS[i.status]} · {dateTime(i.createdAt)} · {count(i.processedRows)} de {count(i.totalRows)} linha(s) · {count(i.createdCount)} criado(s), {count(i.mergedCount)} mesclado(s),{' '}
                {count(i.skippedCount)} ignorado(s), {count(i.errorCount)} com erro
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {(i.status === 'queued' || i.status === 'running') && (
                <Button size="sm" variant="secondary" onClick={() => onOpen(i.id)}>
                  Acompanhar
                </Button>
              )}
              {i.errorCount > 0 && (
                <Button size="sm" variant="secondary" asChild>
                  <a href={importErrorsUrl(i.id)} download>
                    <FileDown aria-hidden /> Erros (CSV)
                  </a>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
