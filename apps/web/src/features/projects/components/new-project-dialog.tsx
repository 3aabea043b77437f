import { useMutation, useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { projectCreateSchema, PROJECT_STATUS_LABELS, PROJECT_STATUSES, TASK_PRIORITY_LABELS, type BriefProposal, type ProjectStatus } from '@sede/shared/projects/schemas';
import { mentionableQueryOptions } from '../../../components/collaboration/collaboration-api.ts';
import { newRequestId, PaidActionButton } from '../../../components/paid-action/paid-action-button.tsx';
import { PartyPicker } from '../../../components/parties/party-picker.tsx';
import type { PartyOption } from '../../../components/parties/search-parties.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { PeopleChecklist } from './people-checklist.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { optionsOf } from '../../../components/ui/filter-bar.tsx';
import { ScrollDialog } from '../../../components/ui/scroll-dialog.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { createProject, proposeFromBrief, templatesQueryOptions } from '../api/projects.ts';
import { PeriodFields } from '../../../components/ui/period-fields.tsx';
import { FormError } from '../../../components/ui/form-actions.tsx';

type Mode = 'blank' | 'template' | 'brief';

/** 'Novo projeto': blank, from a built-in template, or from a brief the AI breaks into tasks (reviewed before creating). */
export function NewProjectDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { user, company } = useAuth();
  const navigate = useNavigate();
  const templates = useQuery({ ...templatesQueryOptions(), enabled: open });
  const people = useQuery({ ...mentionableQueryOptions(''), enabled: open });
  const [mode, setMode] = useState<Mode>('blank');
  const [name, setName] = useState('');
  const [client, setClient] = useState<PartyOption | null>(null);
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [status, setStatus] = useState<ProjectStatus>('planejado');
  const [members, setMembers] = useState<string[]>([]);
  const [template, setTemplate] = useState('implantacao-cliente');
  const [brief, setBrief] = useState('');
  const [proposal, setProposal] = useState<BriefProposal | null>(null);
  const [keep, setKeep] = useState<boolean[]>([]);
  const [error, setError] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: createProject,
    onSuccess: (p) => {
      onOpenChange(false);
      toast.success(`Projeto "${p.name}" criado.`);
      void navigate(`/projeto-kanban/${p.id}`);
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : 'Não foi possível criar o projeto. Tente de novo.'),
  });

  const submit = () => {
    setError(null);
    const input = {
      name: name.trim() || (mode === 'brief' ? proposal?.name : mode === 'template' ? templates.data?.find((t) => t.key === template)?.name : '') || '',
      organizationId: client?.id ?? null,
      startDate: startDate || null,
      endDate: endDate || null,
      status,
      memberIds: members.filter((m) => m !== user?.id),
      ...(mode === 'template' ? { template } : {}),
      ...(mode === 'brief' && proposal ? { columns: proposal.columns, tasks: proposal.tasks.filter((_, i) => keep[i]) } : {}),
    };
    const parsed = projectCreateSchema.safeParse(input);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Dados inválidos.');
    create.mutate(input);
  };

  const tabs: Array<[Mode, string]> = [
    ['blank', 'Em branco'],
    ['template', 'A partir de modelo'],
    ['brief', 'Briefing com IA'],
  ];
  return (
    <ScrollDialog open={open} onOpenChange={onOpenChange} title="Novo projeto" testId="new-project-dialog">
      <SegmentedControl label="Como criar" options={tabs} value={mode} onChange={setMode} />

      {mode === 'template' && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">Modelo</legend>
          {(templates.data ?? []).map((t) => (
            <label key={t.key} className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm ${template === t.key ? 'border-[var(--color-accent)] bg-slate-50' : 'border-slate-200'}`}>
              <input type="radio" name="template" value={t.key} checked={template === t.key} onChange={() => setTemplate(t.key)} className="mt-1" />
              <span>
                <span className="block font-medium text-slate-900">{t.name}</span>
                <span className="block text-slate-700">{t.description}</span>
                <span className="block text-xs text-slate-600">
                  {t.columns.join(' → ')} · {t.tasks.length} tarefas
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}

      {mode === 'brief' && (
        <div className="grid gap-3">
          <Field label="Briefing" hint="Descreva o projeto em poucas linhas: objetivo, prazo, entregas. A IA propõe colunas e tarefas; você revisa antes de criar.">
            <textarea className={`${inputClass} h-28 py-2`} value={brief} maxLength={4000} onChange={(e) => setBrief(e.target.value)} />
          </Field>
          <PaidActionButton
            action="ai.project_from_brief"
            balance={company?.currency_amount}
            run={async () => {
              if (brief.trim().length < 20) throw new ApiError(400, 'VALIDATION_ERROR', 'Descreva o projeto em poucas linhas (de 20 a 4.000 caracteres).');
              const r = await proposeFromBrief(brief, newRequestId());
              setProposal(r.proposal);
              setKeep(r.proposal.tasks.map(() => true));
              if (!name.trim()) setName(r.proposal.name);
              return r;
            }}
            verb="Propor tarefas"
            variant="secondary"
          />
          {proposal && (
            <fieldset className="grid gap-1 rounded-lg border border-slate-200 p-3" data-testid="brief-proposal">
              <legend className="px-1 text-sm font-medium text-slate-900">
                <Sparkles className="mr-1 inline size-4" aria-hidden />
                Tarefas propostas ({keep.filter(Boolean).length} de {proposal.tasks.length})
              </legend>
              <p className="text-xs text-slate-600">Colunas: {proposal.columns.join(' → ')}</p>
              {proposal.tasks.map((t, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the proposal is fixed once shown; titles may repeat
                <label key={i} className="flex gap-2 text-sm">
                  <input type="checkbox" checked={keep[i] ?? false} onChange={(e) => setKeep((k) => k.map((v, j) => (j === i ? e.target.checked : v)))} className="mt-1" />
                  <span>
                    <span className="text-slate-900">{t.title}</span> <span className="text-xs text-slate-600">· {TASK_PRIORITY_LABELS[t.priority]}</span>
                    {t.description && <span className="block text-xs text-slate-700">{t.description}</span>}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}

      <div className="grid gap-3">
        <Field label="Nome do projeto">
          <Input value={name} maxLength={120} onChange={(e) => setName(e.target.value)} placeholder={mode === 'template' ? (templates.data?.find((t) => t.key === template)?.name ?? '') : ''} />
        </Field>
        <PartyPicker kind="organizations" label="Cliente (opcional)" value={client} onChange={setClient} />
        <div className="grid grid-cols-2 gap-3">
          <PeriodFields start={startDate} end={endDate} onStart={setStart} onEnd={setEnd} />
        </div>
        <Field label="Situação">
          <OptionSelect options={optionsOf(PROJECT_STATUSES, PROJECT_STATUS_LABELS)} value={status} onChange={(e) => setStatus(e.target.value as ProjectStatus)} />
        </Field>
        {(people.data ?? []).length > 1 && (
          <PeopleChecklist legend="Membros" people={(people.data ?? []).filter((p) => p.userId !== user?.id).map((p) => ({ id: p.userId, name: p.name }))} selected={members} onChange={setMembers} />
        )}
      </div>
      <FormError error={error} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancelar
        </Button>
        <Button onClick={submit} pending={create.isPending} disabled={mode === 'brief' && !proposal}>
          Criar projeto
        </Button>
      </div>
    </ScrollDialog>
  );
}
