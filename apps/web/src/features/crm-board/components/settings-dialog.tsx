import * as DialogPrimitive from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { z } from 'zod';
import {
  CUSTOM_FIELD_ENTITIES,
  CUSTOM_FIELD_ENTITY_LABELS,
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELD_TYPES,
  customFieldCreateSchema,
  pipelineUpdateSchema,
  stageCreateSchema,
  type CustomFieldEntity,
  type CustomFieldType,
  type Pipeline,
} from '@sede/shared/crm/deals';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { NamedOptions } from '../../../components/ui/named-options.tsx';
import { EnumSelect } from '../../../components/ui/option-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { createCustomField, customFieldsQueryOptions, deleteCustomField } from '../api/custom-fields.ts';
import { crmKeys } from '../api/keys.ts';
import { addStage, createPipeline, deletePipeline, deleteStage, renamePipeline, reorderStages, updateStage } from '../api/pipelines.ts';
import { DialogCloseButton } from '../../../components/ui/dialog-close-button.tsx';

const fail = (title: string) => (e: unknown) => toast.error(title, { description: e instanceof ApiError ? e.message : 'Tente de novo em instantes.' });

/** The admin's settings of the board (decision 0150): pipelines and their stages, custom fields. */
export function SettingsDialog({ open, onOpenChange, pipeline, onPipelineCreated }: { open: boolean; onOpenChange: (o: boolean) => void; pipeline: Pipeline | undefined; onPipelineCreated: (id: string) => void }) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <DialogPrimitive.Content className="fixed inset-0 z-50 overflow-y-auto bg-white p-4 shadow-lg sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90dvh] sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:border sm:border-slate-200 sm:p-6" data-testid="crm-settings">
          <div className="mb-4 flex items-start justify-between gap-3">
            <div>
              <DialogPrimitive.Title className="text-lg font-semibold">Configurar o CRM</DialogPrimitive.Title>
              <DialogPrimitive.Description className="text-sm text-slate-600">Funis, etapas e campos personalizados valem para toda a empresa.</DialogPrimitive.Description>
            </div>
            <DialogCloseButton />
          </div>
          <Tabs.Root defaultValue="stages">
            <Tabs.List className="mb-4 flex gap-1 border-b border-slate-200" aria-label="Configurações">
              {[
                ['stages', 'Funis e etapas'],
                ['fields', 'Campos personalizados'],
              ].map(([v, l]) => (
                <Tabs.Trigger key={v} value={v!} className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-700 data-[state=active]:border-[var(--color-accent)] data-[state=active]:text-slate-900">
                  {l}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="stages">{pipeline && <PipelineSettings pipeline={pipeline} onPipelineCreated={onPipelineCreated} />}</Tabs.Content>
            <Tabs.Content value="fields">
              <CustomFieldSettings />
            </Tabs.Content>
          </Tabs.Root>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** One name and its button (rename the pipeline, add a stage, create a pipeline): the shared schema checks the name first. */
function NameForm({ label, placeholder, value, onChange, schema, onName, pending, className, children }: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (name: string) => void;
  schema: z.ZodType<{ name: string }>;
  onName: (name: string) => void;
  pending: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      className={cn('flex items-end gap-2', className)}
      onSubmit={(e) => {
        e.preventDefault();
        const p = schema.safeParse({ name: value });
        if (!p.success) return toast.error(p.error.issues[0]?.message ?? 'Nome inválido');
        onName(p.data.name);
      }}
    >
      <div className="flex-1">
        <Field label={label}>
          <Input value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} />
        </Field>
      </div>
      <Button type="submit" variant="secondary" pending={pending}>
        {children}
      </Button>
    </form>
  );
}

function PipelineSettings({ pipeline, onPipelineCreated }: { pipeline: Pipeline; onPipelineCreated: (id: string) => void }) {
  const qc = useQueryClient();
  const confirm = useConfirm();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: crmKeys.pipelines });
    void qc.invalidateQueries({ queryKey: crmKeys.boards });
  };
  const [name, setName] = useState(pipeline.name);
  const [newStage, setNewStage] = useState('');
  const [newPipeline, setNewPipeline] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const [moveTo, setMoveTo] = useState('');
  const rename = useMutation({ mutationFn: (n: string) => renamePipeline(pipeline.id, n), onSuccess: () => {
      refresh();
      toast.success('Funil renomeado.');
    }, onError: fail('Não foi possível renomear') });
  const add = useMutation({ mutationFn: (n: string) => addStage(pipeline.id, n), onSuccess: () => {
      refresh();
      setNewStage('');
    }, onError: fail('Não foi possível adicionar a etapa') });
  const patch = useMutation({ mutationFn: ({ id, n }: { id: string; n: string }) => updateStage(id, { name: n }), onSuccess: refresh, onError: fail('Não foi possível renomear a etapa') });
  const order = useMutation({ mutationFn: (ids: string[]) => reorderStages(pipeline.id, ids), onSuccess: refresh, onError: fail('Não foi possível reordenar') });
  const drop = useMutation({
    mutationFn: ({ id, to }: { id: string; to: string }) => deleteStage(id, to),
    onSuccess: (r) => {
      refresh();
      setRemoving(null);
      toast.success(r.moved ? `Etapa excluída. ${r.moved} negócio(s) movido(s).` : 'Etapa excluída.');
    },
    onError: fail('Não foi possível excluir a etapa'),
  });
  const create = useMutation({
    mutationFn: (n: string) => createPipeline(n),
    onSuccess: (p) => {
      refresh();
      setNewPipeline('');
      onPipelineCreated(p.id);
      toast.success('Funil criado com as etapas padrão.');
    },
    onError: fail('Não foi possível criar o funil'),
  });
  const removePipeline = useMutation({ mutationFn: () => deletePipeline(pipeline.id), onSuccess: () => {
      refresh();
      toast.success('Funil excluído.');
    }, onError: fail('Não foi possível excluir o funil') });
  const move = (i: number, by: number) => {
    const ids = pipeline.stages.map((s) => s.id);
    const j = i + by;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    order.mutate(ids);
  };
  return (
    <div className="grid gap-5">
      <NameForm label="Nome do funil" value={name} onChange={setName} schema={pipelineUpdateSchema} onName={rename.mutate} pending={rename.isPending}>
        Renomear
      </NameForm>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Etapas</h3>
        <ol className="grid gap-2">
          {pipeline.stages.map((s, i) => (
            <li key={s.id} className="grid gap-2 rounded-lg border border-slate-200 p-2">
              <div className="flex items-center gap-2">
                <Input
                  aria-label={`Nome da etapa ${i + 1}`}
                  defaultValue={s.name}
                  className="h-9"
                  onBlur={(e) => {
                    const n = e.target.value.trim();
                    if (n && n !== s.name) patch.mutate({ id: s.id, n });
                  }}
                />
                <Button variant="ghost" size="icon" aria-label={`Subir ${s.name}`} disabled={i === 0} onClick={() => move(i, -1)}>
                  <ArrowUp aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Descer ${s.name}`} disabled={i === pipeline.stages.length - 1} onClick={() => move(i, 1)}>
                  <ArrowDown aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Excluir ${s.name}`}
                  disabled={pipeline.stages.length < 2}
                  onClick={() => {
                    setRemoving(s.id);
                    setMoveTo(pipeline.stages.find((x) => x.id !== s.id)?.id ?? '');
                  }}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
              {removing === s.id && (
                <div className="flex flex-wrap items-end gap-2 rounded-md bg-red-50 p-2">
                  <div className="min-w-48 flex-1">
                    <Field label="Mover os negócios desta etapa para">
                      <select className={inputClass} value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
                        <NamedOptions items={pipeline.stages.filter((x) => x.id !== s.id)} />
                      </select>
                    </Field>
                  </div>
                  <Button variant="destructive" pending={drop.isPending} onClick={() => drop.mutate({ id: s.id, to: moveTo })}>
                    Excluir etapa
                  </Button>
                  <Button variant="ghost" onClick={() => setRemoving(null)}>
                    Cancelar
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
        <NameForm className="mt-2" label="Nova etapa" placeholder="Ex.: Contrato enviado" value={newStage} onChange={setNewStage} schema={stageCreateSchema} onName={add.mutate} pending={add.isPending}>
          <Plus aria-hidden /> Adicionar
        </NameForm>
      </div>
      <div className="grid gap-2 border-t border-slate-200 pt-4">
        <NameForm label="Novo funil" placeholder="Ex.: Renovações" value={newPipeline} onChange={setNewPipeline} schema={pipelineUpdateSchema} onName={create.mutate} pending={create.isPending}>
          <Plus aria-hidden /> Criar funil
        </NameForm>
        <Button
          variant="ghost"
          className="justify-self-start text-red-800"
          pending={removePipeline.isPending}
          onClick={async () => {
            if (await confirm.ask({ title: `Excluir o funil "${pipeline.name}"?`, description: 'Só é possível quando ele não tem negócios.', confirmLabel: 'Excluir', destructive: true })) removePipeline.mutate();
          }}
        >
          <Trash2 aria-hidden /> Excluir este funil
        </Button>
        {confirm.dialog}
      </div>
    </div>
  );
}

function CustomFieldSettings() {
  const qc = useQueryClient();
  const confirm = useConfirm();
  const fields = useQuery(customFieldsQueryOptions());
  const refresh = () => void qc.invalidateQueries({ queryKey: crmKeys.customFields });
  const remove = useMutation({ mutationFn: deleteCustomField, onSuccess: () => {
      refresh();
      toast.success('Campo excluído.');
    }, onError: fail('Não foi possível excluir o campo') });
  return (
    <div className="grid gap-4">
      {(fields.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-700">Nenhum campo personalizado ainda. Crie campos para guardar o que é próprio do seu negócio (segmento, número de funcionários…).</p>
      ) : (
        <ul className="grid gap-2">
          {(fields.data ?? []).map((f) => (
            <li key={f.id} className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{f.label}</span>{' '}
                <span className="text-slate-600">
                  · {CUSTOM_FIELD_ENTITY_LABELS[f.entity]} · {CUSTOM_FIELD_TYPE_LABELS[f.type]}
                  {f.required ? ' · obrigatório' : ''}
                </span>
              </span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Excluir o campo ${f.label}`}
                onClick={async () => {
                  if (await confirm.ask({ title: `Excluir o campo "${f.label}"?`, description: 'Os valores guardados nele também são excluídos.', confirmLabel: 'Excluir', destructive: true })) remove.mutate(f.id);
                }}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <CustomFieldForm onCreated={refresh} />
      {confirm.dialog}
    </div>
  );
}

/** A new custom field: its name, where it shows, its type (a list's options) and whether it is required. */
function CustomFieldForm({ onCreated }: { onCreated: () => void }) {
  const [entity, setEntity] = useState<CustomFieldEntity>('deal');
  const [label, setLabel] = useState('');
  const [type, setType] = useState<CustomFieldType>('text');
  const [options, setOptions] = useState('');
  const [required, setRequired] = useState(false);
  const create = useMutation({
    mutationFn: createCustomField,
    onSuccess: () => {
      onCreated();
      setLabel('');
      setOptions('');
      toast.success('Campo criado.');
    },
    onError: fail('Não foi possível criar o campo'),
  });
  return (
    <form
      className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        const p = customFieldCreateSchema.safeParse({ entity, label, type, options: options.split(',').map((o) => o.trim()).filter(Boolean), required });
        if (!p.success) return toast.error(p.error.issues[0]?.message ?? 'Campo inválido');
        create.mutate(p.data);
      }}
    >
      <Field label="Nome do campo">
        <Input value={label} onChange={(e) => setLabel(e.target.value)} placeholder="Ex.: Segmento" />
      </Field>
      <Field label="Aparece em">
        <EnumSelect values={CUSTOM_FIELD_ENTITIES} labels={CUSTOM_FIELD_ENTITY_LABELS} value={entity} onChange={setEntity} />
      </Field>
      <Field label="Tipo">
        <EnumSelect values={CUSTOM_FIELD_TYPES} labels={CUSTOM_FIELD_TYPE_LABELS} value={type} onChange={setType} />
      </Field>
      {type === 'select' ? (
        <Field label="Opções" hint="Separe por vírgulas.">
          <Input value={options} onChange={(e) => setOptions(e.target.value)} />
        </Field>
      ) : (
        <div />
      )}
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="size-4" checked={required} onChange={(e) => setRequired(e.target.checked)} /> Obrigatório
      </label>
      <div className="flex justify-end">
        <Button type="submit" pending={create.isPending}>
          <Plus aria-hidden /> Criar campo
        </Button>
      </div>
    </form>
  );
}
