import { useQuery } from '@tanstack/react-query';
import { FileDown, Upload } from 'lucide-react';
import type { CrmImport } from '@sede/shared/crm/contacts';
import { count, dateTime } from '@sede/shared/format';
import { Button } from '../../../components/ui/button.tsx';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { importErrorsUrl, importsQueryOptions } from '../api/imports.ts';

const STATUS: Record<CrmImport['status'], string> = {
  draft: 'Aguardando arquivo',
  ready: 'Aguardando colunas',
  queued: 'Na fila',
  running: 'Importando',
  done: 'Concluída',
  failed: 'Falhou',
};
const inProgress = (i: CrmImport) => i.status === 'queued' || i.status === 'running';

const columns = (onOpen: (id: string) => void): DataColumn<CrmImport>[] => [
  { id: 'file', header: 'Planilha', card: 'title', cell: (i) => <span className="font-medium text-slate-900">{i.fileName ?? 'Planilha'}</span> },
  { id: 'status', header: 'Situação', card: 'badge', cell: (i) => STATUS[i.status] },
  { id: 'createdAt', header: 'Enviada em', className: 'whitespace-nowrap', cell: (i) => dateTime(i.createdAt) },
  { id: 'rows', header: 'Linhas', cell: (i) => `${count(i.processedRows)} de ${count(i.totalRows)} linha(s)` },
  {
    id: 'result',
    header: 'Resultado',
    cell: (i) => `${count(i.createdCount)} criado(s), ${count(i.mergedCount)} mesclado(s), ${count(i.skippedCount)} ignorado(s), ${count(i.errorCount)} com erro`,
  },
  {
    id: 'actions',
    header: 'Ações',
    card: 'subtitle',
    cell: (i) => (
      <div className="flex flex-wrap gap-2">
        {inProgress(i) && (
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
    ),
  },
];

/** The company's imports, newest first: status, counts, the error report; a running one can be followed again. */
export function ImportsPanel({ onNew, onOpen }: { onNew: () => void; onOpen: (id: string) => void }) {
  const imports = useQuery({ ...importsQueryOptions(), refetchInterval: (q) => (q.state.data?.some(inProgress) ? 3000 : false) });
  const started = imports.data?.filter((i) => i.status !== 'draft' && i.status !== 'ready') ?? [];
  return (
    <div className="grid gap-3">
      {started.length > 0 && (
        <Button className="justify-self-start" onClick={onNew}>
          <Upload aria-hidden /> Nova importação
        </Button>
      )}
      <DataList label="Importações" rows={started} columns={columns(onOpen)} query={imports} states={listStates(Upload, 'as importações', {
        title: 'Nenhuma importação ainda',
        description: 'Traga seus contatos de uma planilha CSV ou XLSX (de outro CRM, do Excel ou de uma feira): você confere as colunas, escolhe o que fazer com duplicados e acompanha o progresso.',
        action: <Button onClick={onNew}>Importar planilha</Button>,
      })} />
    </div>
  );
}
