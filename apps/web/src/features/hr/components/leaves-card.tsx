import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { day } from '@sede/shared/format';
import { LEAVE_TYPE_LABELS, LEAVE_TYPES, type EmployeeView, type LeaveType } from '@sede/shared/hr/schemas';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { optionsOf } from '../../../components/ui/filter-bar.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { addLeave } from '../api/add-leave.ts';
import { deleteLeave } from '../api/delete-leave.ts';
import { hrKeys } from '../api/keys.ts';
import { PeriodFields } from '../../../components/ui/period-fields.tsx';

/** An employee's vacations and leaves, and a new period. */
export function Leaves({ employee, mayWrite }: { employee: EmployeeView; mayWrite: boolean }) {
  const queryClient = useQueryClient();
  const [type, setType] = useState<LeaveType>('ferias');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: hrKeys.all });

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
                  <OptionSelect options={optionsOf(LEAVE_TYPES, LEAVE_TYPE_LABELS)} value={type} onChange={(e) => setType(e.target.value as LeaveType)} />
                </Field>
              </div>
              <PeriodFields start={start} end={end} onStart={setStart} onEnd={setEnd} endLabel="Fim" />
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
