import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CONTRACT_TYPE_LABELS, LEAVE_TYPE_LABELS, LEAVE_TYPES, type EmployeeView, type LeaveType } from '@sede/shared/rh/schemas';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { DetailHeader } from '../../../components/ui/detail-header.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { addLeave } from '../api/add-leave.ts';
import { deleteEmployee } from '../api/delete-employee.ts';
import { deleteLeave } from '../api/delete-leave.ts';
import { useEmployee } from '../api/get-employee.ts';
import { rhKeys } from '../api/keys.ts';
import { EmployeeDialog } from './employee-dialog.tsx';
import { cpf, day, money, phone } from '@sede/shared/format';
import { EmployeeStatusBadge } from './status-badge.tsx';

function Leaves({ employee, mayWrite }: { employee: EmployeeView; mayWrite: boolean }) {
  const queryClient = useQueryClient();
  const [type, setType] = useState<LeaveType>('ferias');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: rhKeys.all });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!start || !end) return setError('Informe o início e o fim do período.');
    setPending(true);
    try {
      await addLeave(employee.id, { type, startDate: start, endDate: end });
      await refresh();
      setStart('');
      setEnd('');
      toast.success('Período registrado.');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível registrar o período.');
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Férias e afastamentos</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {employee.leaves.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum período registrado.</p>
        ) : (
          <ul className="grid divide-y divide-slate-100 text-sm">
            {employee.leaves.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{LEAVE_TYPE_LABELS[l.type]}</span> · {day(l.startDate)} a {day(l.endDate)}
                </span>
                {mayWrite && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Excluir ${LEAVE_TYPE_LABELS[l.type]} de ${day(l.startDate)}`}
                    onClick={async () => {
                      try {
                        await deleteLeave(employee.id, l.id);
                        await refresh();
                      } catch (err) {
                        toast.error(err instanceof ApiError ? err.message : 'Não foi possível excluir o período.');
                      }
                    }}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {mayWrite && (
          <form onSubmit={submit} className="grid gap-3 border-t border-slate-100 pt-3" noValidate aria-label="Registrar férias ou afastamento">
            {error && <FormAlert title={error} />}
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid sm:col-span-2">
                <Field label="Tipo">
                <select className={inputClass} value={type} onChange={(e) => setType(e.target.value as LeaveType)}>
                  {LEAVE_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {LEAVE_TYPE_LABELS[t]}
                    </option>
                  ))}
                </select>
                </Field>
              </div>
              <Field label="Início">
                <Input type="date" value={start} onChange={(e) => setStart(e.target.value)} />
              </Field>
              <Field label="Fim">
                <Input type="date" value={end} onChange={(e) => setEnd(e.target.value)} />
              </Field>
            </div>
            <div>
              <Button type="submit" variant="secondary" pending={pending}>
                <Plus aria-hidden /> Registrar período
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** One employee (/rh?aba=colaboradores&colaborador=<id>): the register's data, documents, vacations and leaves. */
export function EmployeeDetail({ id, backTo, mayWrite, mayDelete }: { id: string; backTo: string; mayWrite: boolean; mayDelete: boolean }) {
  const queryClient = useQueryClient();
  const { data: e, isPending, isError, error } = useEmployee(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const back = (
    <Link to={backTo} className="inline-flex items-center gap-1 text-sm text-[var(--color-accent)] hover:underline">
      <ArrowLeft className="size-4" aria-hidden /> Voltar para colaboradores
    </Link>
  );
  if (isPending) return <Spinner label="Carregando colaborador…" />;
  if (isError || !e)
    return (
      <div className="grid gap-3">
        {back}
        <p role="alert" className="text-sm text-red-700">
          {error instanceof ApiError && error.status === 404 ? 'Colaborador não encontrado.' : 'Não foi possível carregar o colaborador.'}
        </p>
      </div>
    );

  const rows: Array<[string, string]> = [
    ['CPF', cpf(e.cpf)],
    ['E-mail', e.email ?? '—'],
    ['Telefone', phone(e.phone)],
    ['Nascimento', day(e.birthDate)],
    ['Cargo', e.position ?? '—'],
    ['Departamento', e.department ?? '—'],
    ['Admissão', day(e.admissionDate)],
    ['Tipo de contrato', CONTRACT_TYPE_LABELS[e.contractType]],
    ['Salário', money(e.salaryCents)],
    ['Gestor', e.managerName ?? '—'],
  ];
  if (e.status === 'desligado') rows.push(['Desligamento', day(e.terminationDate)]);

  return (
    <div className="grid min-w-0 gap-4">
      <DetailHeader
        back={{ to: backTo, label: 'Voltar para colaboradores' }}
        title={e.name}
        badges={<EmployeeStatusBadge status={e.status} />}
        actions={
          <>
            {mayWrite && (
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden /> Editar
              </Button>
            )}
            {mayDelete && (
              <Button variant="ghost" size="sm" onClick={() => setDeleting(true)}>
                <Trash2 aria-hidden /> Excluir
              </Button>
            )}
          </>
        }
      />
      {editing && <EmployeeDialog open={editing} onOpenChange={setEditing} employee={e} />}
      <Dialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Excluir o colaborador?"
        description="Os dados pessoais, os documentos anexados e as férias e afastamentos desta pessoa são apagados (LGPD). Esta ação não pode ser desfeita."
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(false)}>
            Cancelar
          </Button>
          <Button
            variant="destructive"
            onClick={async () => {
              try {
                await deleteEmployee(e.id);
                queryClient.removeQueries({ queryKey: rhKeys.employee(e.id) });
                await queryClient.invalidateQueries({ queryKey: rhKeys.all });
                toast.success('Colaborador excluído.');
                document.querySelector<HTMLAnchorElement>(`a[href="${backTo}"]`)?.click();
              } catch (err) {
                setDeleting(false);
                toast.error(err instanceof ApiError ? err.message : 'Não foi possível excluir o colaborador.');
              }
            }}
          >
            Excluir
          </Button>
        </div>
      </Dialog>

      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Cadastro</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              {rows.map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-slate-600">{k}</dt>
                  <dd className="min-w-0 break-words">{v}</dd>
                </div>
              ))}
            </dl>
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
