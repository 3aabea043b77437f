import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { toast } from '../../../../lib/toast.ts';
import type { z } from 'zod';
import { brandKitSchema, CLIENT_LIMITS, type ClientView } from '@sede/shared/marketing/clients';
import { kindFor, precheck, uploadFile } from '../../../../components/files/files-api.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input, inputClass } from '../../../../components/ui/input.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { updateClient } from '../../api/clients.ts';
import { marketingKeys } from '../../api/keys.ts';
import { ClientLogo } from './client-logo.tsx';

const formSchema = brandKitSchema.omit({ logoFileId: true });
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;
const valuesOf = (c: ClientView): FormIn => ({ colors: c.brandKit.colors, fonts: c.brandKit.fonts, tone: c.brandKit.tone, audience: c.brandKit.audience });

function LogoField({ client, canEdit }: { client: ClientView; canEdit: boolean }) {
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const save = async (logoFileId: string | null) => {
    const saved = await updateClient(client.id, { brandKit: { ...client.brandKit, logoFileId } });
    qc.setQueryData(marketingKeys.client(client.id), saved);
    void qc.invalidateQueries({ queryKey: marketingKeys.clients, exact: true });
  };
  const send = async (file: File) => {
    const refusal = precheck(file, kindFor(file, ['image']));
    if (refusal || !file.type.startsWith('image/')) return toast.error('Não foi possível usar este arquivo', { description: refusal ?? 'Escolha uma imagem (PNG, JPG, WebP ou SVG).' });
    setProgress(0);
    try {
      const up = await uploadFile({ entityType: 'marketing_client', entityId: client.id, kind: 'image', file, onProgress: setProgress });
      await save(up.id);
      toast.success('Logo atualizado.');
    } catch (e) {
      toast.error('Não foi possível enviar o logo', { description: e instanceof ApiError ? e.message : undefined });
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-4">
      <ClientLogo name={client.name} logoFileId={client.brandKit.logoFileId} className="size-20" />
      <div className="grid gap-2">
        <p className="text-sm font-medium text-slate-900">Logo</p>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              type="file"
              accept="image/*"
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              data-testid="logo-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void send(file);
              }}
            />
            <Button type="button" variant="secondary" size="sm" onClick={() => input.current?.click()} pending={progress !== null}>
              {progress === null && <ImagePlus aria-hidden />}
              {progress === null ? (client.brandKit.logoFileId ? 'Trocar logo' : 'Enviar logo') : `Enviando… ${Math.round(progress * 100)}%`}
            </Button>
            {client.brandKit.logoFileId && (
              <Button type="button" variant="ghost" size="sm" onClick={() => void save(null).then(() => toast.success('Logo removido.'))}>
                Remover logo
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** The brand kit: logo, colours (hex swatches), fonts, tone of voice and audience. */
export function BrandKitForm({ client, canEdit }: { client: ClientView; canEdit: boolean }) {
  const qc = useQueryClient();
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(client), mode: 'onTouched' });
  const { control, register, handleSubmit, reset, formState } = form;
  const colors = useFieldArray({ control, name: 'colors' });
  const fonts = useFieldArray({ control, name: 'fonts' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only new server data resets an untouched form
  useEffect(() => {
    if (!formState.isDirty) reset(valuesOf(client));
  }, [client]);
  const save = useMutation({
    mutationFn: (data: FormOut) => updateClient(client.id, { brandKit: { ...data, logoFileId: client.brandKit.logoFileId } }),
    onSuccess: (saved) => {
      qc.setQueryData(marketingKeys.client(client.id), saved);
      reset(valuesOf(saved));
      toast.success('Kit da marca salvo.');
    },
    onError: (e) => toast.error('Não foi possível salvar', { description: e instanceof ApiError ? e.message : 'Tente de novo em instantes.' }),
  });
  const err = formState.errors;
  return (
    <Card data-testid="brand-kit">
      <CardHeader>
        <CardTitle>Kit da marca</CardTitle>
        <CardDescription>O que toda peça deste cliente segue: logo, cores, fontes, tom de voz e público. A IA dos criativos também parte daqui.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <LogoField client={client} canEdit={canEdit} />
        <form className="grid gap-5" noValidate aria-label="Kit da marca" onSubmit={handleSubmit((d) => save.mutate(d))}>
          <fieldset className="grid gap-2" disabled={!canEdit}>
            <legend className="mb-1 text-sm font-medium text-slate-900">Cores</legend>
            {colors.fields.length === 0 && <p className="text-sm text-slate-600">Nenhuma cor ainda.</p>}
            <ul className="grid gap-2">
              {colors.fields.map((f, i) => (
                <li key={f.id} className="grid grid-cols-[auto_7rem_1fr_auto] items-center gap-2" data-testid="brand-color">
                  <Controller
                    control={control}
                    name={`colors.${i}.hex`}
                    render={({ field, fieldState }) => {
                      const hex = (field.value ?? '').trim();
                      const valid = /^#[0-9a-f]{6}$/i.test(hex);
                      return (
                        <>
                          <input
                            type="color"
                            aria-label={`Escolher a cor ${i + 1}`}
                            className="h-10 w-12 cursor-pointer rounded-[var(--radius-ui)] border border-slate-300 bg-white p-1"
                            value={valid ? hex.toLowerCase() : '#000000'}
                            onChange={(e) => field.onChange(e.target.value.toUpperCase())}
                          />
                          <Input
                            aria-label={`Código hexadecimal da cor ${i + 1}`}
                            placeholder="#1A2B3C"
                            maxLength={7}
                            name={field.name}
                            ref={field.ref}
                            value={field.value ?? ''}
                            onChange={(e) => field.onChange(e.target.value)}
                            onBlur={field.onBlur}
                            aria-invalid={fieldState.error ? true : undefined}
                          />
                        </>
                      );
                    }}
                  />
                  <Input aria-label={`Nome da cor ${i + 1}`} placeholder="Ex.: Laranja principal" maxLength={CLIENT_LIMITS.name} className="col-span-3 col-start-1 row-start-2 sm:col-span-1 sm:col-start-3 sm:row-start-1" {...register(`colors.${i}.name`)} />
                  <Button type="button" variant="ghost" size="icon" aria-label={`Remover a cor ${i + 1}`} onClick={() => colors.remove(i)} className="col-start-4 row-start-1">
                    <Trash2 aria-hidden />
                  </Button>
                  {err.colors?.[i]?.hex && (
                    <p role="alert" className="col-span-full text-sm text-red-700">
                      {err.colors[i]?.hex?.message}
                    </p>
                  )}
                </li>
              ))}
            </ul>
            {canEdit && colors.fields.length < CLIENT_LIMITS.colors && (
              <Button type="button" variant="secondary" size="sm" className="justify-self-start" onClick={() => colors.append({ hex: '#000000', name: '' })}>
                <Plus aria-hidden /> Adicionar cor
              </Button>
            )}
          </fieldset>

          <fieldset className="grid gap-2" disabled={!canEdit}>
            <legend className="mb-1 text-sm font-medium text-slate-900">Fontes</legend>
            {fonts.fields.length === 0 && <p className="text-sm text-slate-600">Nenhuma fonte ainda.</p>}
            <ul className="grid gap-2">
              {fonts.fields.map((f, i) => (
                <li key={f.id} className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[1fr_1fr_auto]" data-testid="brand-font">
                  <Input aria-label={`Nome da fonte ${i + 1}`} placeholder="Ex.: Montserrat" maxLength={CLIENT_LIMITS.name} {...register(`fonts.${i}.name`)} aria-invalid={err.fonts?.[i]?.name ? true : undefined} />
                  <Input aria-label={`Uso da fonte ${i + 1}`} placeholder="Ex.: Títulos" maxLength={CLIENT_LIMITS.name} className="col-start-1 row-start-2 sm:col-start-2 sm:row-start-1" {...register(`fonts.${i}.usage`)} />
                  <Button type="button" variant="ghost" size="icon" aria-label={`Remover a fonte ${i + 1}`} onClick={() => fonts.remove(i)} className="col-start-2 row-start-1 sm:col-start-3">
                    <Trash2 aria-hidden />
                  </Button>
                  {err.fonts?.[i]?.name && (
                    <p role="alert" className="col-span-full text-sm text-red-700">
                      {err.fonts[i]?.name?.message}
                    </p>
                  )}
                </li>
              ))}
            </ul>
            {canEdit && fonts.fields.length < CLIENT_LIMITS.fonts && (
              <Button type="button" variant="secondary" size="sm" className="justify-self-start" onClick={() => fonts.append({ name: '', usage: '' })}>
                <Plus aria-hidden /> Adicionar fonte
              </Button>
            )}
          </fieldset>

          <div className="grid gap-4 md:grid-cols-2">
            <Field label="Tom de voz" error={err.tone?.message} hint="Como a marca fala: formal, leve, técnico, bem-humorado…">
              <textarea className={`${inputClass} h-28 py-2`} maxLength={CLIENT_LIMITS.text} disabled={!canEdit} {...register('tone')} />
            </Field>
            <Field label="Público-alvo" error={err.audience?.message} hint="Para quem as peças falam: idade, região, interesses.">
              <textarea className={`${inputClass} h-28 py-2`} maxLength={CLIENT_LIMITS.text} disabled={!canEdit} {...register('audience')} />
            </Field>
          </div>
          {canEdit && (
            <div className="flex justify-end">
              <Button type="submit" pending={save.isPending} disabled={!formState.isDirty}>
                Salvar kit da marca
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
