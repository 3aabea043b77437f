import type { DocContent } from '@sede/shared/documents/schemas';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { Label } from '../ui/label.tsx';
import { FormatTools } from './format-tools.tsx';
import './editor.css';

/**
 * A rich-text field of a form (decision 0422: a task's description): its label, the documents'
 * editor without tables and images, a few lines tall, and a hint. The value is Tiptap JSON (the
 * server checks it as it checks documents).
 */
export function RichTextField({ label, value, onChange, hint }: { label: string; value: DocContent; onChange: (value: DocContent) => void; hint?: string }) {
  const id = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['mailto'] } })],
    content: value,
    editorProps: { attributes: { 'aria-labelledby': `${id}-label`, ...(hint ? { 'aria-describedby': `${id}-hint` } : {}), 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange(e.getJSON() as DocContent),
  });
  return (
    <div className="grid gap-1.5">
      <Label id={`${id}-label`} onClick={() => editor?.commands.focus()}>
        {label}
      </Label>
      <div className="doc-editor rich-text-field overflow-hidden rounded-lg border border-slate-300 bg-white focus-within:outline-2 focus-within:outline-[var(--color-accent)]">
        {editor && <FormatTools editor={editor} />}
        <div className="max-h-80 overflow-y-auto px-3 py-2 text-sm">
          <EditorContent editor={editor} />
        </div>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
