import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../../lib/toast.ts';
import type { z } from 'zod';
import { CLIENT_VISIBILITIES, CLIENT_VISIBILITY_LABELS, clientOptionsFields, type ClientOptionsView } from '@sede/shared/marketing/clients';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { ConfirmDeleteDialog } from '../../../../components/ui/confirm-delete-dialog.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { deleteClient, setClientOptions } from '../../api/clients.ts';
import { marketingKeys } from '../../api/keys.ts';

const formSchema = clientOptionsFields.pick({ visibility: true, memberIds: true, clientApproval: true }).required();
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;
const valuesOf = (o: ClientOptionsView): FormIn => ({ visibility: o.visibility, memberIds: o.memberIds, clientApproval: o.clientApproval });
const fail = (title: string) => (e: unknown) => toast.error(title, { description: e instanceof ApiError ? e.message : 'Tente de novo em instantes.' });

/** Who sees the client and whether its contacts approve pieces (one form). */
function AccessForm({ options, canEdit, myId }: { options: ClientOptionsView; canEdit: boolean; myId: string | undefined }) {
  const qc = useQueryClient();
  const { control, register, handleSubmit, reset, formState, watch } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(options) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only new server data resets an untouched form
  useEffect(() => {
    if (!formState.isDirty) reset(valuesOf(options));
  }, [options]);
  const save = useMutation({
    mutationFn: (d: FormOut) => setClientOptions(options.id, d),
    onSuccess: (saved) => {
      qc.setQueryData(marketingKeys.clientOptions(options.id), saved);
      void qc.invalidateQueries({ queryKey: marketingKeys.clients });
      reset(valuesOf(saved));
      toast.success('Opções salvas.');
    },
    onError: fail('Não foi possível salvar as opções'),
  });
  const visibility = watch('visibility');
  const me = options.candidates.find((c) => c.userId === myId);
  return (
    <form noValidate aria-label="Acesso e aprovação" onSubmit={handleSubmit((d) => save.mutate(d))} className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Quem vê esta empresa cliente</CardTitle>
          <CardDescription>Quem não a vê também não vê suas peças, campanhas e materiais. Os administradores sempre veem todas.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <fieldset className="grid gap-2" disabled={!canEdit}>
            <legend className="sr-only">Visibilidade</legend>
            {CLIENT_VISIBILITIES.map((v) => (
              <label key={v} className="flex items-center gap-2 text-sm text-slate-900">
                <input type="radio" value={v} className="size-4" {...register('visibility')} />
                {CLIENT_VISIBILITY_LABELS[v]}
              </label>
            ))}
          </fieldset>
          {visibility === 'members' && (
            <Controller
              control={control}
              name="memberIds"
              render={({ field }) => (
                <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3" disabled={!canEdit} data-testid="client-members">
                  <legend className="px-1 text-sm font-medium text-slate-900">Membros que veem</legend>
                  {options.candidates.map((m) => {
                    const forced = m.isAdmin;
                    const checked = forced || field.value.includes(m.userId) || (m.userId === myId && !!me && !me.isAdmin);
                    return (
                      <label key={m.userId} className="flex items-center gap-2 text-sm text-slate-900">
                        <input
                          type="checkbox"
                          className="size-4"
                          checked={checked}
                          disabled={forced || (m.userId === myId && !me?.isAdmin)}
                          onChange={(e) => field.onChange(e.target.checked ? [...field.value, m.userId] : field.value.filter((id) => id !== m.userId))}
                        />
                        <span className="min-w-0 truncate">
                          {m.name} <span className="text-slate-600">· {m.isAdmin ? 'administrador, sempre vê' : m.userId === myId ? 'você' : m.email}</span>
                        </span>
                      </label>
                    );
                  })}
                </fieldset>
              )}
            />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Aprovação pelo cliente</CardTitle>
          <CardDescription>Ligada, as peças deste cliente só são agendadas depois da aprovação de um contato que pode aprovar (marcado na página do cliente).</CardDescription>
        </CardHeader>
        <CardContent>
          <label className="flex items-center gap-2 text-sm text-slate-900">
            <input type="checkbox" className="size-4" disabled={!canEdit} {...register('clientApproval')} />
            Exigir a aprovação de um contato do cliente
          </label>
        </CardContent>
      </Card>
      {canEdit && (
        <div className="flex justify-end">
          <Button type="submit" pending={save.isPending} disabled={!formState.isDirty}>
            Salvar opções
          </Button>
        </div>
      )}
    </form>
  );
}

/** /marketing/empresa/:id/opcoes: archive, who sees it, approval by a client contact, delete. */
export function ClientOptionsForm({ options, canEdit, canDelete, myId }: { options: ClientOptionsView; canEdit: boolean; canDelete: boolean; myId: string | undefined }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const archive = useMutation({
    mutationFn: (archived: boolean) => setClientOptions(options.id, { archived }),
    onSuccess: (saved) => {
      qc.setQueryData(marketingKeys.clientOptions(options.id), saved);
      void qc.invalidateQueries({ queryKey: marketingKeys.clients });
      toast.success(saved.archived ? `${saved.name} foi arquivada.` : `${saved.name} foi reativada.`);
    },
    onError: fail('Não foi possível alterar'),
  });
  const { pieces, campaigns, other } = options.usage;
  const inUse = pieces + campaigns + other > 0;
  return (
    <div className="grid gap-4">
      <AccessForm options={options} canEdit={canEdit} myId={myId} />
      {!options.isOwn && (
        <Card>
          <CardHeader>
            <CardTitle>{options.archived ? 'Empresa cliente arquivada' : 'Arquivar'}</CardTitle>
            <CardDescription>
              {options.archived
                ? 'Ela não aparece ao escolher um cliente e não recebe peças novas. O que já existe continua guardado.'
                : 'Uma empresa cliente arquivada some das listas de escolha e não recebe peças novas; as peças, campanhas e materiais ficam guardados.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {canEdit && (
              <Button variant="secondary" pending={archive.isPending} onClick={() => archive.mutate(!options.archived)}>
                {!archive.isPending && (options.archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />)}
                {options.archived ? 'Reativar' : 'Arquivar'}
              </Button>
            )}
          </CardContent>
        </Card>
      )}
      {!options.isOwn && canDelete && (
        <Card className="border-red-200">
          <CardHeader>
            <CardTitle>Excluir</CardTitle>
            <CardDescription>
              {inUse
                ? `Não é possível excluir enquanto houver ${[pieces ? (pieces === 1 ? '1 peça' : `${pieces} peças`) : '', campaigns ? (campaigns === 1 ? '1 campanha' : `${campaigns} campanhas`) : '', other ? (other === 1 ? '1 material ou registro' : `${other} materiais ou registros`) : ''].filter(Boolean).join(', ')} deste cliente. Arquive-a para tirá-la das listas.`
                : 'Remove a empresa cliente do marketing, com o kit da marca, os canais e a lista de contatos. A organização e as pessoas continuam no cadastro de contatos.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="destructive" disabled={inUse} onClick={() => setConfirm(true)}>
              <Trash2 aria-hidden /> Excluir empresa cliente
            </Button>
          </CardContent>
        </Card>
      )}
      {options.isOwn && <p className="text-sm text-slate-600">A própria empresa é sempre uma empresa cliente do marketing: não pode ser arquivada nem excluída.</p>}
      <ConfirmDeleteDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={`Excluir ${options.name}?`}
        description="O kit da marca, os canais e os contatos deste cliente serão removidos do marketing. Isso não pode ser desfeito."
        failureMessage="Não foi possível excluir a empresa cliente."
        onConfirm={async () => {
          await deleteClient(options.id);
          qc.removeQueries({ queryKey: marketingKeys.client(options.id) });
          await qc.invalidateQueries({ queryKey: marketingKeys.clients });
          toast.success(`${options.name} foi excluída.`);
          void navigate('/marketing');
        }}
      />
    </div>
  );
}
