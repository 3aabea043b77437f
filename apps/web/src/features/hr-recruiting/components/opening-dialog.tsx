import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import {
  OPENING_STATUS_LABELS,
  OPENING_STATUSES,
  SENIORITIES,
  SENIORITY_LABELS,
  UFS,
  WORKPLACE_LABELS,
  WORKPLACES,
  type OpeningStatus,
  type OpeningView,
  type Seniority,
  type Workplace,
} from '@sede/shared/recruiting/schemas';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { optionsOf } from '../../../components/ui/filter-bar.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { createOpening } from '../api/create-opening.ts';
import { recruitingKeys } from '../api/keys.ts';
import { updateOpening } from '../api/update-opening.ts';
import { useSubmit } from '../../../lib/use-submit.ts';

/** 'Nova vaga' / 'Editar vaga': title, department, requirements, desired skills, place, seniority, status. */
export function OpeningDialog({ open, onOpenChange, opening }: { open: boolean; onOpenChange: (v: boolean) => void; opening?: OpeningView }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(opening?.title ?? '');
  const [department, setDepartment] = useState(opening?.department ?? '');
  const [requirements, setRequirements] = useState(opening?.requirements ?? '');
  const [desiredSkills, setSkills] = useState(opening?.desiredSkills ?? '');
  const [workplace, setWorkplace] = useState<Workplace>(opening?.workplace ?? 'presencial');
  const [city, setCity] = useState(opening?.city ?? '');
  const [uf, setUf] = useState(opening?.uf ?? '');
  const [seniority, setSeniority] = useState<Seniority>(opening?.seniority ?? 'pleno');
  const [status, setStatus] = useState<OpeningStatus>(opening?.status ?? 'aberta');
  const { submit: send, pending, error, setError } = useSubmit(async (fields: Parameters<typeof createOpening>[0]) => {
    if (opening) {
      await updateOpening(opening.id, fields);
      toast.success('Vaga atualizada.');
    } else {
      const created = await createOpening(fields);
      toast.success('Vaga criada. Envie os currículos dos candidatos.');
      void navigate(`/rh/analise-curriculos/${created.id}`);
    }
    await queryClient.invalidateQueries({ queryKey: recruitingKeys.openings });
    onOpenChange(false);
  }, 'Não foi possível salvar a vaga.');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const remote = workplace === 'remoto';
    const fields = {
      title,
      department: department || null,
      requirements,
      desiredSkills,
      workplace,
      city: remote ? null : city || null,
      uf: remote ? null : ((uf || null) as (typeof UFS)[number] | null),
      seniority,
      status,
    };
    await send(fields);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={opening ? 'Editar vaga' : 'Nova vaga'} description="Os requisitos e as competências desejadas são a régua da análise de currículos.">
      <form onSubmit={submit} className="grid gap-3" noValidate>
        {error && <FormAlert title={error} />}
        <Field label="Título da vaga">
          <Input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={160} placeholder="Ex.: Vendedor interno" />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Departamento">
            <Input value={department} onChange={(e) => setDepartment(e.target.value)} maxLength={120} placeholder="Ex.: Comercial" />
          </Field>
          <Field label="Senioridade">
            <OptionSelect options={optionsOf(SENIORITIES, SENIORITY_LABELS)} value={seniority} onChange={(e) => setSeniority(e.target.value as Seniority)} />
          </Field>
        </div>
        <Field label="Requisitos" hint="Um por linha: o que a pessoa precisa ter.">
          <textarea className={`${inputClass} min-h-20 py-2`} value={requirements} onChange={(e) => setRequirements(e.target.value)} maxLength={4000} />
        </Field>
        <Field label="Competências desejadas" hint="O que conta a favor, sem ser obrigatório.">
          <textarea className={`${inputClass} min-h-16 py-2`} value={desiredSkills} onChange={(e) => setSkills(e.target.value)} maxLength={4000} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-[1fr_2fr_auto]">
          <Field label="Modelo de trabalho">
            <OptionSelect options={optionsOf(WORKPLACES, WORKPLACE_LABELS)} value={workplace} onChange={(e) => setWorkplace(e.target.value as Workplace)} />
          </Field>
          {workplace !== 'remoto' && (
            <>
              <Field label="Cidade">
                <Input value={city} onChange={(e) => setCity(e.target.value)} maxLength={120} />
              </Field>
              <Field label="UF">
                <OptionSelect none="—" options={UFS.map((u) => ({ value: u, label: u }))} value={uf} onChange={(e) => setUf(e.target.value)} />
              </Field>
            </>
          )}
        </div>
        <Field label="Situação">
          <OptionSelect options={optionsOf(OPENING_STATUSES, OPENING_STATUS_LABELS)} value={status} onChange={(e) => setStatus(e.target.value as OpeningStatus)} />
        </Field>
        <FormActions onCancel={() => onOpenChange(false)} pending={pending} submitLabel={opening ? 'Salvar' : 'Criar vaga'} />
      </form>
    </Dialog>
  );
}
