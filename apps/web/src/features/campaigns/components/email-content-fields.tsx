import { useRef } from 'react';
import { htmlToText, MERGE_FIELDS } from '@sede/shared/campaigns/render';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import type { CampaignDraft } from '../api/save-campaign.ts';

const textareaClass = 'w-full rounded-[var(--radius-ui)] border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]';

const TOOLBAR: Array<{ label: string; before: string; after: string }> = [
  { label: 'Negrito', before: '<b>', after: '</b>' },
  { label: 'Itálico', before: '<i>', after: '</i>' },
  { label: 'Parágrafo', before: '<p>', after: '</p>' },
  { label: 'Link', before: '<a href="https://">', after: '</a>' },
];

/** An e-mail campaign's content: subject, the HTML with a toolbar of tags and merge fields, and the plain text. */
export function EmailContentFields({ draft, set }: { draft: CampaignDraft; set: (patch: Partial<CampaignDraft>) => void }) {
  const html = useRef<HTMLTextAreaElement>(null);

  /** Wraps the selection of the HTML in `before`/`after` (or inserts a merge field), keeping the selection. */
  function insert(before: string, after = '') {
    const el = html.current;
    if (!el) return;
    const { selectionStart: a, selectionEnd: b, value } = el;
    set({ html: value.slice(0, a) + before + value.slice(a, b) + after + value.slice(b) });
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(a + before.length, b + before.length);
    });
  }

  return (
    <>
      <Field label="Assunto">
        <Input value={draft.subject} onChange={(e) => set({ subject: e.target.value })} placeholder="Ex.: {{primeiro_nome}}, temos uma novidade" />
      </Field>
      <div className="grid gap-1">
        <Label htmlFor="c-html">Mensagem (HTML)</Label>
        <div className="flex flex-wrap gap-1" role="toolbar" aria-label="Formatação e campos">
          {TOOLBAR.map((t) => (
            <Button key={t.label} type="button" size="sm" variant="secondary" onClick={() => insert(t.before, t.after)}>
              {t.label}
            </Button>
          ))}
          {Object.entries(MERGE_FIELDS).map(([key, label]) => (
            <Button key={key} type="button" size="sm" variant="ghost" onClick={() => insert(`{{${key}}}`)} title={`Inserir ${label}`}>
              {`{{${key}}}`}
            </Button>
          ))}
        </div>
        <textarea id="c-html" ref={html} rows={12} className={textareaClass} value={draft.html} onChange={(e) => set({ html: e.target.value })} />
      </div>
      <div className="grid gap-1">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="size-4" checked={draft.text !== null} onChange={(e) => set({ text: e.target.checked ? htmlToText(draft.html) : null })} />
          Editar a versão em texto simples (senão, gerada do HTML)
        </label>
        {draft.text !== null && <textarea aria-label="Texto simples" rows={8} className={textareaClass} value={draft.text} onChange={(e) => set({ text: e.target.value })} />}
      </div>
    </>
  );
}
