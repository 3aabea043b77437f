import { useQueryClient } from '@tanstack/react-query';
import { Paperclip, Send } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { HEADER_FORMAT_LABELS, templateParamsProblem, type WhatsappTemplate } from '@sede/shared/whatsapp/schemas';
import { precheck, uploadFile } from '../../../components/files/files-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { TemplateOptions, TemplatePreview, templateKey } from '../../../components/whatsapp/template-choice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useBusyAction } from '../../../lib/use-busy-action.ts';
import { inboxKeys } from '../api/keys.ts';
import { sendWhatsappTemplate, useWhatsappTemplates } from '../api/whatsapp.ts';

const errorText = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : 'Não foi possível concluir. Tente novamente.');
const ACCEPT = { image: 'image/jpeg,image/png', video: 'video/mp4,video/3gpp', document: '.pdf,application/pdf', text: '' } as const;
const needsHeader = (t: WhatsappTemplate) => !!t.header && (t.header.format !== 'text' || t.header.variables > 0);

/**
 * Outside WhatsApp's 24-hour window: only an approved template, with the values of its body,
 * its header (text, or a media by https link or a file sent with it) and its URL buttons (decisions 0292, 0302).
 */
export function TemplateComposer({ id }: { id: string }) {
  const qc = useQueryClient();
  const templates = useWhatsappTemplates(true);
  const [chosen, setChosen] = useState('');
  const [values, setValues] = useState<string[]>([]);
  const [headerValue, setHeaderValue] = useState('');
  const [headerFile, setHeaderFile] = useState<File | null>(null);
  const [buttons, setButtons] = useState<Record<number, string>>({});
  const send = useBusyAction(errorText);
  const uid = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const tpl = templates.data?.find((t) => templateKey(t) === chosen);

  const reset = () => {
    setValues([]);
    setHeaderValue('');
    setHeaderFile(null);
    setButtons({});
  };
  const submit = async () => {
    if (!tpl || send.busy) return;
    const format = tpl.header?.format;
    const params = {
      variables: values.slice(0, tpl.variables),
      header: needsHeader(tpl) && format ? { format, value: headerFile ? '' : headerValue.trim() } : null,
      buttons: tpl.buttons.map((b) => ({ index: b.index, value: (buttons[b.index] ?? '').trim() })),
    };
    const problem = templateParamsProblem(tpl, { ...params, header: params.header && headerFile ? { ...params.header, fileId: 'arquivo' } : params.header }, { allowFile: true });
    if (problem) return void toast.error(problem);
    await send.run(async () => {
      let fileId: string | undefined;
      if (headerFile && format && format !== 'text') {
        const refused = precheck(headerFile, format);
        if (refused) throw new Error(refused);
        fileId = (await uploadFile({ entityType: 'inbox_conversation', entityId: id, kind: format, file: headerFile })).id;
      }
      await sendWhatsappTemplate(id, { template: tpl.name, language: tpl.language, ...params, header: params.header && { ...params.header, ...(fileId ? { fileId } : {}) } });
      setChosen('');
      reset();
      await qc.invalidateQueries({ queryKey: inboxKeys.all });
    });
  };

  return (
    <form
      className="grid gap-2 border-t border-slate-200 p-3 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="rounded-lg border border-amber-300 bg-amber-50 p-2 text-amber-950" role="status">
        O cliente não escreve há mais de 24 horas: o WhatsApp só permite enviar um modelo aprovado até ele responder.
      </p>
      <label htmlFor={`${uid}-tpl`} className="font-medium text-slate-900">
        Modelo aprovado
      </label>
      <select
        id={`${uid}-tpl`}
        className={inputClass}
        value={chosen}
        onChange={(e) => {
          setChosen(e.target.value);
          reset();
        }}
      >
        <option value="">{templates.isPending ? 'Carregando…' : templates.isError ? 'Não foi possível carregar os modelos' : 'Escolha um modelo'}</option>
        <TemplateOptions templates={templates.data} />
      </select>
      {tpl && (
        <>
          <TemplatePreview template={tpl} className="rounded-lg bg-slate-50 p-2 whitespace-pre-wrap text-slate-700" />
          {needsHeader(tpl) && tpl.header?.format === 'text' && (
            <label className="grid gap-1 text-slate-700">
              Cabeçalho: variável {'{{1}}'}
              <input className={inputClass} required value={headerValue} onChange={(e) => setHeaderValue(e.target.value)} />
            </label>
          )}
          {tpl.header && tpl.header.format !== 'text' && (
            <fieldset className="grid gap-1 rounded-lg border border-slate-200 p-2">
              <legend className="px-1 text-slate-700">Cabeçalho: {HEADER_FORMAT_LABELS[tpl.header.format]}</legend>
              <label className="grid gap-1 text-slate-700">
                Link (https)
                <input type="url" placeholder="https://…" className={inputClass} disabled={!!headerFile} value={headerValue} onChange={(e) => setHeaderValue(e.target.value)} />
              </label>
              <input
                ref={fileInput}
                type="file"
                className="sr-only"
                tabIndex={-1}
                aria-hidden
                accept={ACCEPT[tpl.header.format]}
                onChange={(e) => {
                  setHeaderFile(e.target.files?.[0] ?? null);
                  e.target.value = '';
                }}
              />
              <div className="flex flex-wrap items-center gap-2 text-slate-700">
                <span>ou</span>
                <Button type="button" variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
                  <Paperclip aria-hidden /> {headerFile ? 'Trocar arquivo' : 'Enviar um arquivo'}
                </Button>
                {headerFile && (
                  <>
                    <span className="break-all">{headerFile.name}</span>
                    <Button type="button" variant="ghost" size="sm" onClick={() => setHeaderFile(null)}>
                      Remover
                    </Button>
                  </>
                )}
              </div>
            </fieldset>
          )}
          {Array.from({ length: tpl.variables }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the template's numbered variables
            <label key={i} className="grid gap-1 text-slate-700">
              {`Variável {{${i + 1}}}`}
              <input className={inputClass} required value={values[i] ?? ''} onChange={(e) => setValues(Object.assign([...values], { [i]: e.target.value }))} />
            </label>
          ))}
          {tpl.buttons.map((b) => (
            <div key={b.index} className="grid gap-1">
              <label className="grid gap-1 text-slate-700">
                {`Botão "${b.text}": final do link`}
                <input className={inputClass} required aria-describedby={`${uid}-b${b.index}`} value={buttons[b.index] ?? ''} onChange={(e) => setButtons({ ...buttons, [b.index]: e.target.value })} />
              </label>
              <span id={`${uid}-b${b.index}`} className="text-xs break-all text-slate-600">
                {b.url.replace('{{1}}', buttons[b.index] || '…')}
              </span>
            </div>
          ))}
        </>
      )}
      <Button type="submit" className="justify-self-start" pending={send.busy} disabled={!tpl}>
        <Send aria-hidden /> Enviar modelo
      </Button>
    </form>
  );
}
