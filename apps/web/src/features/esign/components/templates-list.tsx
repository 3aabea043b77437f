import { FilePlus, LayoutTemplate } from 'lucide-react';
import { useState } from 'react';
import type { TemplateSummary } from '@sede/shared/esign/templates';
import { count, dateTime } from '@sede/shared/format';
import { AddButton } from '../../../components/ui/add-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { RecordLink } from '../../../components/ui/record-link.tsx';
import { useTemplates } from '../api/templates.ts';
import { NewTemplateDialog } from './new-template-dialog.tsx';
import { UseTemplateDialog } from './use-template-dialog.tsx';

const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** The 'Modelos' tab of /juridico/assinaturas (decision 0620): the company's templates, 'Usar' on each, 'Novo modelo' for those who write. */
export function TemplatesList({ canWrite }: { canWrite: boolean }) {
  const query = useTemplates();
  const [creating, setCreating] = useState(false);
  const [using, setUsing] = useState<TemplateSummary | null>(null);
  const columns: DataColumn<TemplateSummary>[] = [
    { id: 'name', header: 'Modelo', card: 'title', cell: (t) => <RecordLink to={`/juridico/assinaturas/modelos/${t.id}`}>{t.name}</RecordLink> },
    { id: 'slots', header: 'Papéis', card: 'subtitle', cell: (t) => t.slots.map((s) => s.label).join(', ') },
    { id: 'fields', header: 'Campos', cell: (t) => (t.documentPages ? `${plural(t.fieldsCount, 'campo', 'campos')} · ${plural(t.documentPages, 'página', 'páginas')}` : 'Sem PDF') },
    { id: 'updated', header: 'Alterado em', cell: (t) => dateTime(t.updatedAt) },
    ...(canWrite
      ? [
          {
            id: 'use',
            header: 'Usar',
            headerHidden: true,
            card: 'actions' as const,
            cell: (t: TemplateSummary) => (
              <Button size="sm" variant="secondary" disabled={!t.documentPages} onClick={() => setUsing(t)} aria-label={`Usar o modelo ${t.name}`}>
                <FilePlus aria-hidden /> Usar
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">Modelos guardam o PDF, os papéis e os campos de um documento que a empresa envia sempre: cada envelope novo só diz quem assina.</p>
        {canWrite && <AddButton onClick={() => setCreating(true)}>Novo modelo</AddButton>}
      </div>
      <DataList
        label="Modelos de envelope"
        rows={query.data?.templates ?? []}
        columns={columns}
        query={query}
        states={listStates(LayoutTemplate, 'os modelos', {
          title: 'Nenhum modelo ainda',
          description: 'Crie um modelo a partir de um PDF, ou abra um envelope e use “Salvar como modelo”.',
          action: canWrite ? <AddButton onClick={() => setCreating(true)}>Criar o primeiro modelo</AddButton> : undefined,
        })}
      />
      {creating && <NewTemplateDialog onClose={() => setCreating(false)} />}
      {using && <UseTemplateDialog template={using} onClose={() => setUsing(null)} />}
    </div>
  );
}
