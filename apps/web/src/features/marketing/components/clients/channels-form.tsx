import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../../lib/toast.ts';
import { z } from 'zod';
import { CLIENT_LIMITS, clientChannelSchema, type ClientView } from '@sede/shared/marketing/clients';
import { CHANNEL_LABELS, MARKETING_CHANNELS } from '@sede/shared/marketing/constants';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { updateClient } from '../../api/clients.ts';
import { marketingKeys } from '../../api/keys.ts';

const formSchema = z.object({ rows: z.array(clientChannelSchema) });
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;
const valuesOf = (c: ClientView): FormIn => ({
  rows: MARKETING_CHANNELS.map((channel) => {
    const saved = c.channels.find((x) => x.channel === channel);
    return { channel, handle: saved?.handle ?? '', url: saved?.url ?? '' };
  }),
});

/** The client's channels: per channel of the area, its handle and address (empty ones are not kept). */
export function ChannelsForm({ client, canEdit }: { client: ClientView; canEdit: boolean }) {
  const qc = useQueryClient();
  const { register, handleSubmit, reset, formState } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(client), mode: 'onTouched' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only new server data resets an untouched form
  useEffect(() => {
    if (!formState.isDirty) reset(valuesOf(client));
  }, [client]);
  const save = useMutation({
    mutationFn: (d: FormOut) => updateClient(client.id, { channels: d.rows.filter((r) => r.handle || r.url) }),
    onSuccess: (saved) => {
      qc.setQueryData(marketingKeys.client(client.id), saved);
      reset(valuesOf(saved));
      toast.success('Canais salvos.');
    },
    onError: (e) => toast.error('Não foi possível salvar', { description: e instanceof ApiError ? e.message : 'Tente de novo em instantes.' }),
  });
  const err = formState.errors.rows;
  return (
    <Card data-testid="client-channels">
      <CardHeader>
        <CardTitle>Canais e perfis</CardTitle>
        <CardDescription>Onde o cliente publica: o perfil (@) e o endereço de cada canal.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate aria-label="Canais e perfis" onSubmit={handleSubmit((d) => save.mutate(d))} className="grid gap-3">
          <div className="hidden grid-cols-[7rem_1fr_1.4fr] gap-3 text-xs font-medium text-slate-600 sm:grid" aria-hidden>
            <span>Canal</span>
            <span>Perfil</span>
            <span>Endereço (URL)</span>
          </div>
          {MARKETING_CHANNELS.map((channel, i) => {
            const saved = client.channels.find((c) => c.channel === channel);
            return (
              <div key={channel} className="grid gap-2 border-t border-slate-100 pt-3 sm:grid-cols-[7rem_1fr_1.4fr] sm:items-center sm:gap-3 sm:border-0 sm:pt-0">
                <span className="text-sm font-medium text-slate-900">
                  {CHANNEL_LABELS[channel]}
                  {saved?.url && (
                    <a href={saved.url} target="_blank" rel="noreferrer" className="ml-1 inline-flex align-middle text-[var(--color-accent)]" aria-label={`Abrir ${CHANNEL_LABELS[channel]} do cliente (nova aba)`}>
                      <ExternalLink className="size-3.5" aria-hidden />
                    </a>
                  )}
                </span>
                <input type="hidden" {...register(`rows.${i}.channel`)} />
                <Input aria-label={`Perfil no ${CHANNEL_LABELS[channel]}`} placeholder={channel === 'email' ? 'contato@cliente.com.br' : channel === 'whatsapp' ? '(11) 99999-0000' : '@perfil'} maxLength={CLIENT_LIMITS.handle} disabled={!canEdit} {...register(`rows.${i}.handle`)} />
                <Input aria-label={`Endereço do ${CHANNEL_LABELS[channel]}`} placeholder="https://" inputMode="url" maxLength={CLIENT_LIMITS.url} disabled={!canEdit} {...register(`rows.${i}.url`)} aria-invalid={err?.[i]?.url ? true : undefined} />
                {(err?.[i]?.url || err?.[i]?.handle) && (
                  <p role="alert" className="text-sm text-red-700 sm:col-span-3">
                    {CHANNEL_LABELS[channel]}: {err?.[i]?.url?.message ?? err?.[i]?.handle?.message}
                  </p>
                )}
              </div>
            );
          })}
          {canEdit && (
            <div className="flex justify-end">
              <Button type="submit" pending={save.isPending} disabled={!formState.isDirty}>
                Salvar canais
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
