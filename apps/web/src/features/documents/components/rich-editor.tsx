import type { DocContent } from '@sede/shared/documents/schemas';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, Extension, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { ImagePlus, Table } from 'lucide-react';
import { useRef } from 'react';
import { toast } from '../../../lib/toast.ts';
import { fileContentUrl, precheck, uploadFile } from '../../../components/files/files-api.ts';
import { FormatTools, ToolButton } from '../../../components/rich-text/format-tools.tsx';
import type { Awareness } from 'y-protocols/awareness';
import { redoCommand, undoCommand, yCursorPlugin, ySyncPlugin, yUndoPlugin } from 'y-prosemirror';
import type * as Y from 'yjs';
import { colorFor } from '../lib/sync-provider.ts';
import '../../../components/rich-text/editor.css';

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

/** The documents' toolbar: the formatting tools, tables and images (platform files of the document). */
function Toolbar({ editor, documentId }: { editor: Editor; documentId: string }) {
  const image = useRef<HTMLInputElement>(null);
  const addImage = async (file: File) => {
    const refused = precheck(file, 'image');
    if (refused) return toast.error(refused);
    try {
      const info = await uploadFile({ entityType: 'document', entityId: documentId, kind: 'image', file });
      editor.chain().focus().setImage({ src: fileContentUrl(info.id), alt: file.name }).run();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Não foi possível enviar a imagem.');
    }
  };
  return (
    <FormatTools editor={editor} sticky>
      <ToolButton label="Inserir tabela" onClick={() => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}>
        <Table aria-hidden />
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
    </FormatTools>
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
