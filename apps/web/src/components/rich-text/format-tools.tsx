import { useEditorState, type Editor } from '@tiptap/react';
import { Bold, Heading1, Heading2, Heading3, Italic, Link2, List, ListOrdered, type LucideIcon, Quote, Redo2, Strikethrough, Underline, Undo2 } from 'lucide-react';
import { Fragment, useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast.ts';
import { FormActions } from '../ui/form-actions.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';

/** A toolbar button: an icon with its name (read aloud and as a tooltip), pressed when its format is on. */
export function ToolButton({ label, active, onClick, disabled, children }: { label: string; active?: boolean; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className="inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 aria-pressed:bg-[var(--color-accent-soft)] aria-pressed:text-[var(--color-accent)] disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-[var(--color-accent)] [&_svg]:size-4"
    >
      {children}
    </button>
  );
}

const Separator = () => <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden />;

type Chain = ReturnType<Editor['chain']>;
type Toggle = { label: string; icon: LucideIcon; active: 'h1' | 'h2' | 'h3' | 'bold' | 'italic' | 'underline' | 'strike' | 'bullet' | 'ordered' | 'quote'; toggle: (c: Chain) => Chain };

/** The format toggles, in the toolbar's groups (headings, marks, blocks). */
const TOGGLE_GROUPS: Toggle[][] = [
  [
    { label: 'Título 1', icon: Heading1, active: 'h1', toggle: (c) => c.toggleHeading({ level: 1 }) },
    { label: 'Título 2', icon: Heading2, active: 'h2', toggle: (c) => c.toggleHeading({ level: 2 }) },
    { label: 'Título 3', icon: Heading3, active: 'h3', toggle: (c) => c.toggleHeading({ level: 3 }) },
  ],
  [
    { label: 'Negrito', icon: Bold, active: 'bold', toggle: (c) => c.toggleBold() },
    { label: 'Itálico', icon: Italic, active: 'italic', toggle: (c) => c.toggleItalic() },
    { label: 'Sublinhado', icon: Underline, active: 'underline', toggle: (c) => c.toggleUnderline() },
    { label: 'Tachado', icon: Strikethrough, active: 'strike', toggle: (c) => c.toggleStrike() },
  ],
  [
    { label: 'Lista com marcadores', icon: List, active: 'bullet', toggle: (c) => c.toggleBulletList() },
    { label: 'Lista numerada', icon: ListOrdered, active: 'ordered', toggle: (c) => c.toggleOrderedList() },
    { label: 'Citação', icon: Quote, active: 'quote', toggle: (c) => c.toggleBlockquote() },
  ],
];

/**
 * The formatting toolbar of our Tiptap editors (documents, a task's description): undo and redo,
 * headings, bold, italic, underline, strike, lists, quote and link (http, https or mailto only);
 * `children` adds an editor's own tools (tables, images) before the link.
 */
export function FormatTools({ editor, sticky = false, children }: { editor: Editor; sticky?: boolean; children?: ReactNode }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const chain = () => editor.chain().focus();
  return (
    <div role="toolbar" aria-label="Formatação" className={`${sticky ? 'sticky top-0 z-10 ' : ''}flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-white/95 px-2 py-1 backdrop-blur`}>
      <ToolButton label="Desfazer" onClick={() => chain().undo().run()} disabled={!state.canUndo}>
        <Undo2 aria-hidden />
      </ToolButton>
      <ToolButton label="Refazer" onClick={() => chain().redo().run()} disabled={!state.canRedo}>
        <Redo2 aria-hidden />
      </ToolButton>
      {TOGGLE_GROUPS.map((group) => (
        <Fragment key={group[0]!.label}>
          <Separator />
          {group.map(({ label, icon: Icon, active, toggle }) => (
            <ToolButton key={label} label={label} active={state[active]} onClick={() => toggle(chain()).run()}>
              <Icon aria-hidden />
            </ToolButton>
          ))}
        </Fragment>
      ))}
      {children}
      <ToolButton
        label="Link"
        active={state.link}
        onClick={() => {
          setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
          setLinkOpen(true);
        }}
      >
        <Link2 aria-hidden />
      </ToolButton>
      <Dialog open={linkOpen} onOpenChange={setLinkOpen} title="Link">
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            // A form inside a form (a task's panel) must not submit the outer one.
            e.stopPropagation();
            const url = href.trim();
            if (!url || url === 'https://') chain().extendMarkRange('link').unsetLink().run();
            else if (!/^(https?:\/\/|mailto:)/i.test(url)) return toast.error('Use um endereço que comece com https:// ou mailto:.');
            else chain().extendMarkRange('link').setLink({ href: url }).run();
            setLinkOpen(false);
          }}
        >
          <Field label="Endereço" hint="Deixe em branco para remover o link.">
            <Input value={href} onChange={(e) => setHref(e.target.value)} inputMode="url" />
          </Field>
          <FormActions onCancel={() => setLinkOpen(false)} submitLabel="Aplicar" />
        </form>
      </Dialog>
    </div>
  );
}
