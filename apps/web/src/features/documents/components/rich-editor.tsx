import type { DocContent } from '@sede/shared/documents/schemas';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, Extension, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading1, Heading2, Heading3, ImagePlus, Italic, Link2, List, ListOrdered, Quote, Redo2, Strikethrough, Table, Underline, Undo2 } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { fileContentUrl, precheck, uploadFile } from '../../../components/files/files-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import type { Awareness } from 'y-protocols/awareness';
import { redoCommand, undoCommand, yCursorPlugin, ySyncPlugin, yUndoPlugin } from 'y-prosemirror';
import type * as Y from 'yjs';
import { colorFor } from '../lib/sync-provider.ts';
import './editor.css';

type RemoteUser = { id?: unknown; name?: unknown };
const remoteName = (user: RemoteUser) => (typeof user.name === 'string' && user.name.trim() ? user.name.trim().slice(0, 60) : 'Alguém');
const remoteColor = (user: RemoteUser, clientId: number) => colorFor(typeof user.id === 'string' ? user.id : String(clientId));

/**
 * A colleague's caret (decision 0306): a line in their colour with their name above it. Hidden
 * from assistive technology (it sits inside the text, which a screen reader would read with the
 * name in it); the page lists who is here in words. The name is text, never markup; the colour
 * comes from the person's id on our side, not from what their client sent.
 */
function remoteCaret(user: RemoteUser, clientId: number): HTMLElement {
  const color = remoteColor(user, clientId);
  const caret = document.createElement('span');
  caret.className = 'remote-caret';
  caret.setAttribute('aria-hidden', 'true');
  caret.dataset.remoteCaret = '';
  caret.style.borderColor = color;
  const label = document.createElement('span');
  label.className = 'remote-caret-label';
  label.style.backgroundColor = color;
  label.textContent = remoteName(user);
  // Word joiners keep the caret from breaking the line it sits in (as y-prosemirror's own caret does).
  caret.append('\u2060', label, '\u2060');
  return caret;
}

/** A colleague's selection: their colour, light enough for the text on it to keep its contrast. */
const remoteSelection = (user: RemoteUser, clientId: number) => ({ class: 'remote-selection', style: `background-color: ${remoteColor(user, clientId)}26` });

/**
 * Shared editing (decision 0288): the editor is bound to the document's Y.XmlFragment with
 * y-prosemirror (Tiptap's own Collaboration extension needs @tiptap/y-tiptap, a package we do not
 * carry); undo and redo then undo one's own changes only (Yjs' UndoManager), not a colleague's.
 */
const SharedEditing = Extension.create<{ fragment: Y.XmlFragment | null; awareness: Awareness | null }>({
  name: 'sharedEditing',
  priority: 1000,
  addOptions: () => ({ fragment: null, awareness: null }),
  addCommands: () => ({
    undo:
      () =>
      ({ state, dispatch }) =>
        Boolean(undoCommand(state, dispatch)),
    redo:
      () =>
      ({ state, dispatch }) =>
        Boolean(redoCommand(state, dispatch)),
  }),
  addKeyboardShortcuts() {
    return {
      'Mod-z': () => this.editor.commands.undo(),
      'Mod-y': () => this.editor.commands.redo(),
      'Shift-Mod-z': () => this.editor.commands.redo(),
    };
  },
  addProseMirrorPlugins() {
    const { fragment, awareness } = this.options;
    if (!fragment) return [];
    // The others' carets and selections travel in the awareness the sync already relays (their 'cursor' field).
    const carets = awareness
      ? [yCursorPlugin(awareness, { cursorBuilder: remoteCaret, selectionBuilder: remoteSelection, awarenessStateFilter: (mine: number, theirs: number, state: { user?: unknown }) => mine !== theirs && Boolean(state.user) })]
      : [];
    return [ySyncPlugin(fragment), ...carets, yUndoPlugin()];
  },
});

type Props = {
  documentId: string;
  content: DocContent;
  editable: boolean;
  onChange: (content: DocContent) => void;
  label: string;
  /** The shared Y.Doc: the text comes from it (not `content`) and its changes are the saves. */
  shared?: Y.Doc;
  /** The shared editing's awareness: the others' carets and selections, and ours to them. */
  awareness?: Awareness;
};

function ToolButton({ label, active, onClick, disabled, children }: { label: string; active?: boolean; onClick: () => void; disabled?: boolean; children: ReactNode }) {
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

function Toolbar({ editor, documentId }: { editor: Editor; documentId: string }) {
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
  const image = useRef<HTMLInputElement>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const chain = () => editor.chain().focus();
  const addImage = async (file: File) => {
    const refused = precheck(file, 'image');
    if (refused) return toast.error(refused);
    try {
      const info = await uploadFile({ entityType: 'document', entityId: documentId, kind: 'image', file });
      chain().setImage({ src: fileContentUrl(info.id), alt: file.name }).run();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Não foi possível enviar a imagem.');
    }
  };
  return (
    <div role="toolbar" aria-label="Formatação" className="sticky top-0 z-10 flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-white/95 px-2 py-1 backdrop-blur">
      <ToolButton label="Desfazer" onClick={() => chain().undo().run()} disabled={!state.canUndo}>
        <Undo2 aria-hidden />
      </ToolButton>
      <ToolButton label="Refazer" onClick={() => chain().redo().run()} disabled={!state.canRedo}>
        <Redo2 aria-hidden />
      </ToolButton>
      <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden />
      <ToolButton label="Título 1" active={state.h1} onClick={() => chain().toggleHeading({ level: 1 }).run()}>
        <Heading1 aria-hidden />
      </ToolButton>
      <ToolButton label="Título 2" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Heading2 aria-hidden />
      </ToolButton>
      <ToolButton label="Título 3" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Heading3 aria-hidden />
      </ToolButton>
      <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden />
      <ToolButton label="Negrito" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold aria-hidden />
      </ToolButton>
      <ToolButton label="Itálico" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic aria-hidden />
      </ToolButton>
      <ToolButton label="Sublinhado" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <Underline aria-hidden />
      </ToolButton>
      <ToolButton label="Tachado" active={state.strike} onClick={() => chain().toggleStrike().run()}>
        <Strikethrough aria-hidden />
      </ToolButton>
      <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden />
      <ToolButton label="Lista com marcadores" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <List aria-hidden />
      </ToolButton>
      <ToolButton label="Lista numerada" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered aria-hidden />
      </ToolButton>
      <ToolButton label="Citação" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        <Quote aria-hidden />
      </ToolButton>
      <ToolButton label="Inserir tabela" onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}>
        <Table aria-hidden />
      </ToolButton>
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
      <ToolButton label="Inserir imagem" onClick={() => image.current?.click()}>
        <ImagePlus aria-hidden />
      </ToolButton>
      <input
        ref={image}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        className="hidden"
        aria-hidden
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void addImage(file);
        }}
      />
      <Dialog open={linkOpen} onOpenChange={setLinkOpen} title="Link">
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
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
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setLinkOpen(false)}>
              Cancelar
            </Button>
            <Button type="submit">Aplicar</Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

/** The rich-text editor (Tiptap): headings, lists, tables, images (platform files), links. */
export function RichEditor({ documentId, content, editable, onChange, label, shared, awareness }: Props) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['mailto'] }, ...(shared ? { undoRedo: false } : {}) }),
      TableKit.configure({ table: { resizable: false } }),
      Image,
      ...(shared ? [SharedEditing.configure({ fragment: shared.getXmlFragment('prosemirror'), awareness: awareness ?? null })] : []),
    ],
    ...(shared ? {} : { content }),
    editable,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange(e.getJSON() as DocContent),
  });
  return (
    <div className="doc-editor rounded-xl border border-slate-200 bg-white">
      {editable && editor && <Toolbar editor={editor} documentId={documentId} />}
      <div className="px-4 py-4 sm:px-10 sm:py-8">
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
