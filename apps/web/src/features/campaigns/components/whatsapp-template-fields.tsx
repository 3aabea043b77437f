import { useQuery } from '@tanstack/react-query';
import { MERGE_FIELDS } from '@sede/shared/campaigns/render';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { TemplateOptions, TemplatePreview, templateKey } from '../../../components/whatsapp/template-choice.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { campaignKeys } from '../api/keys.ts';
import { whatsappTemplates, type CampaignDraft } from '../api/save-campaign.ts';

const MEDIA_NOUN = { image: 'da imagem', video: 'do vídeo', document: 'do documento', text: '' } as const;

/** A WhatsApp campaign's content (decisions 0294, 0302): an approved template and its variables, each with merge fields. */
export function WhatsappTemplateFields({ value, onChange }: { value: CampaignDraft['whatsappTemplate']; onChange: (v: CampaignDraft['whatsappTemplate']) => void }) {
  const templates = useQuery({ queryKey: campaignKeys.whatsappTemplates, queryFn: whatsappTemplates, staleTime: 60_000 });
  const tpl = templates.data?.find((t) => t.name === value?.name && t.language === value?.language);
  const variables = value?.variables ?? [];
  // The header that needs a value (a campaign saved before headers were kept has none stored yet).
  const header = value?.header ?? (tpl?.header && (tpl.header.format !== 'text' || tpl.header.variables > 0) ? { format: tpl.header.format, value: '' } : null);
  return (
    <>
      <div className="grid gap-1">
        <Label htmlFor="c-template">Modelo aprovado do WhatsApp</Label>
        <select
          id="c-template"
          className={inputClass}
          value={value ? templateKey(value) : ''}
          onChange={(e) => {
            const next = templates.data?.find((t) => templateKey(t) === e.target.value);
            onChange(
              next
                ? {
                    name: next.name,
                    language: next.language,
                    variables: Array.from({ length: next.variables }, (_, i) => variables[i] ?? (i === 0 ? '{{primeiro_nome}}' : '')),
                    header: next.header && (next.header.format !== 'text' || next.header.variables > 0) ? { format: next.header.format, value: '' } : null,
                    buttons: next.buttons.map((b) => ({ index: b.index, value: '' })),
                  }
                : null,
            );
          }}
        >
          <option value="">{templates.isPending ? 'Carregando…' : 'Escolha um modelo'}</option>
          {value && !tpl && <option value={templateKey(value)}>{value.name} ({value.language})</option>}
          <TemplateOptions templates={templates.data} />
        </select>
        {templates.isError && (
          <p role="alert" className="text-sm text-red-700">
            {templates.error.message}
          </p>
        )}
      </div>
      {tpl && <TemplatePreview template={tpl} className="rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800" />}
      {value && header && (
        <div className="grid gap-1">
          <Label htmlFor="c-header">{header.format === 'text' ? 'Cabeçalho: variável {{1}}' : `Cabeçalho: link (https) ${MEDIA_NOUN[header.format]}`}</Label>
          <Input
            id="c-header"
            type={header.format === 'text' ? 'text' : 'url'}
            value={header.value}
            placeholder={header.format === 'text' ? 'Texto ou campo, ex.: {{primeiro_nome}}' : 'https://…'}
            onChange={(e) => onChange({ ...value, header: { format: header.format, value: e.target.value } })}
          />
        </div>
      )}
      {tpl?.buttons.map((b) => {
        const current = value?.buttons.find((x) => x.index === b.index)?.value ?? '';
        return (
          <div className="grid gap-1" key={b.index}>
            <Label htmlFor={`c-button-${b.index}`}>{`Botão "${b.text}": final do link`}</Label>
            <Input
              id={`c-button-${b.index}`}
              value={current}
              aria-describedby={`c-button-${b.index}-hint`}
              placeholder="ex.: {{primeiro_nome}} ou um código"
              onChange={(e) => onChange({ ...value!, buttons: [...(value?.buttons ?? []).filter((x) => x.index !== b.index), { index: b.index, value: e.target.value }] })}
            />
            <p id={`c-button-${b.index}-hint`} className="text-xs break-all text-slate-600">
              {b.url.replace('{{1}}', current || '…')}
            </p>
          </div>
        );
      })}
      {variables.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the template's numbered variables
        <div className="grid gap-1" key={i}>
          <Label htmlFor={`c-var-${i}`}>{`Variável {{${i + 1}}}`}</Label>
          <Input id={`c-var-${i}`} value={v} placeholder="Texto ou campo, ex.: {{primeiro_nome}}" onChange={(e) => onChange({ ...value!, variables: Object.assign([...variables], { [i]: e.target.value }) })} />
        </div>
      ))}
      {(variables.length > 0 || value?.header?.format === 'text' || (value?.buttons.length ?? 0) > 0) && <p className="text-xs text-slate-600">Campos: {Object.keys(MERGE_FIELDS).map((k) => `{{${k}}}`).join(', ')}</p>}
    </>
  );
}
