import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cpf, day, money, phone } from '@sede/shared/format';
import { CONTRACT_TYPE_LABELS, type EmployeeView } from '@sede/shared/hr/schemas';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDeleteDialog, useDeletion } from '../../../components/ui/confirm-delete-dialog.tsx';
import { type Definition, DefinitionList } from '../../../components/ui/definition-list.tsx';
import { DetailHeader } from '../../../components/ui/detail-header.tsx';
import { RecordStates } from '../../../components/ui/record-states.tsx';
import { deleteEmployee } from '../api/delete-employee.ts';
import { useEmployee } from '../api/get-employee.ts';
import { hrKeys } from '../api/keys.ts';
import { EmployeeDialog } from './employee-dialog.tsx';
import { Leaves } from './leaves-card.tsx';
import { EmployeeStatusBadge } from './status-badge.tsx';
import { RecordActions } from '../../../components/ui/record-actions.tsx';

type Rights = { backTo: string; mayWrite: boolean; mayDelete: boolean };

/** One employee (/rh?aba=colaboradores&colaborador=<id>): the register's data, documents, vacations and leaves. */
export function EmployeeDetail({ id, ...rights }: { id: string } & Rights) {
  const query = useEmployee(id);
  return (
    <RecordStates query={query} loading="Carregando colaborador…" notFound="Colaborador não encontrado." failed="Não foi possível carregar o colaborador." back={{ to: rights.backTo, label: 'Voltar para colaboradores' }}>
      {(e) => <Employee e={e} {...rights} />}
    </RecordStates>
  );
}

function registerOf(e: EmployeeView): Definition[] {
  const rows: Definition[] = [
    { label: 'CPF', value: cpf(e.cpf) },
    { label: 'E-mail', value: e.email ?? '—' },
    { label: 'Telefone', value: phone(e.phone) },
    { label: 'Nascimento', value: day(e.birthDate) },
    { label: 'Cargo', value: e.position ?? '—' },
    { label: 'Departamento', value: e.department ?? '—' },
    { label: 'Admissão', value: day(e.admissionDate) },
    { label: 'Tipo de contrato', value: CONTRACT_TYPE_LABELS[e.contractType] },
    { label: 'Salário', value: money(e.salaryCents) },
    { label: 'Gestor', value: e.managerName ?? '—' },
  ];
  if (e.status === 'desligado') rows.push({ label: 'Desligamento', value: day(e.terminationDate) });
  return rows;
}

function Employee({ e, backTo, mayWrite, mayDelete }: { e: EmployeeView } & Rights) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const deletion = useDeletion({
    remove: () => deleteEmployee(e.id),
    refresh: () => {
      queryClient.removeQueries({ queryKey: hrKeys.employee(e.id) });
      return queryClient.invalidateQueries({ queryKey: hrKeys.all });
    },
    done: 'Colaborador excluído.',
    leave: () => document.querySelector<HTMLAnchorElement>(`a[href="${backTo}"]`)?.click(),
  });

  return (
    <div className="grid min-w-0 gap-4">
      <DetailHeader
        back={{ to: backTo, label: 'Voltar para colaboradores' }}
        title={e.name}
        badges={<EmployeeStatusBadge status={e.status} />}
        actions={<RecordActions onEdit={mayWrite ? () => setEditing(true) : undefined} onDelete={mayDelete ? deletion.ask : undefined} />}
      />
      {editing && <EmployeeDialog open={editing} onOpenChange={setEditing} employee={e} />}
      <ConfirmDeleteDialog
        {...deletion.dialog}
        title="Excluir o colaborador?"
        description="Os dados pessoais, os documentos anexados e as férias e afastamentos desta pessoa são apagados (LGPD). Esta ação não pode ser desfeita."
        failureMessage="Não foi possível excluir o colaborador."
      />

      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Cadastro</CardTitle>
          </CardHeader>
          <CardContent>
            <DefinitionList items={registerOf(e)} />
            {e.notes && <p className="mt-3 whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{e.notes}</p>}
          </CardContent>
        </Card>
        <Leaves employee={e} mayWrite={mayWrite} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Documentos</CardTitle>
        </CardHeader>
        <CardContent>
          <FileManager entityType="employee" entityId={e.id} kinds={['document', 'image']} title="Documentos" emptyText="Nenhum documento ainda. Anexe contrato de trabalho, RG, comprovantes e atestados." />
        </CardContent>
      </Card>
    </div>
  );
}
