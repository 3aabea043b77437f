import { DndContext, type DragEndEvent, KeyboardSensor, MouseSensor, TouchSensor, useDraggable, useDroppable, useSensor, useSensors } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { Plus, Save, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { FIELD_DEFAULT_SIZE, FIELD_TYPE_LABELS, FIELD_TYPES, type FieldInput, type FieldType, type FieldView } from '@sede/shared/esign/fields';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { CORNERS, resizeByKey, ResizeHandle } from './field-resize.tsx';
import { PdfPages } from './pdf-pages.tsx';
import { NamedOptions } from '../ui/named-options.tsx';

type Placed = Required<Omit<FieldInput, 'label'>> & { key: string; label: string | null };

/** One colour per signer, so the page says whose field is whose. */
const COLOURS = ['border-sky-600 bg-sky-100/80 text-sky-950', 'border-amber-600 bg-amber-100/80 text-amber-950', 'border-emerald-600 bg-emerald-100/80 text-emerald-950', 'border-fuchsia-600 bg-fuchsia-100/80 text-fuchsia-950', 'border-rose-600 bg-rose-100/80 text-rose-950'];
const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), Math.max(max, 0));
const round = (v: number) => Math.round(v * 10_000) / 10_000;
let counter = 0;
const newKey = () => `campo-${++counter}`;

/** Who the fields are for: an envelope's signers, or a template's roles (decision 0620); `short` names them on the page. */
export type FieldPerson = { id: string; name: string; short: string };
export type FieldEditorProps = {
  title: string;
  /** The PDF the fields go on: Jurídico's file (`fileContentUrl`), or a route of the module that started the envelope (a quote's, decision 0760). */
  documentUrl: string;
  pages: number;
  people: FieldPerson[];
  fields: FieldView[];
  save: (fields: FieldInput[]) => Promise<{ fields: FieldView[] }>;
  onSaved: () => void;
  /** Told when there come to be (or no longer are) changes not saved: a caller that sends the envelope waits for them. */
  onDirtyChange?: (dirty: boolean) => void;
};

/**
 * Placing fields on the pages (decision 0590): pick the signer, drag a field type onto a page (or
 * press its button to put it on the chosen page), drag it where it goes — mouse, touch, or the
 * keyboard (arrows nudge a focused field, Shift for bigger steps, Delete removes; Space picks it
 * up for dnd-kit's keyboard drag). The selected field resizes by any of its four corner handles or Ctrl/⌘ (+ Alt) +
 * arrows (decisions 0621, 0625). Positions and sizes are fractions of the page, saved whole.
 */
export default function FieldEditor({ title, documentUrl, pages, people: signers, fields: initial, save: saveAll, onSaved, onDirtyChange }: FieldEditorProps) {
  const colourOf = (signerId: string) => COLOURS[Math.max(0, signers.findIndex((s) => s.id === signerId)) % COLOURS.length]!;
  const [signerId, setSignerId] = useState(signers[0]?.id ?? '');
  const [page, setPage] = useState(1);
  const [fields, setFields] = useState<Placed[]>(() => initial.map((f) => ({ ...f, key: f.id })));
  const [selected, setSelected] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const sensors = useSensors(useSensor(MouseSensor, { activationConstraint: { distance: 4 } }), useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 6 } }), useSensor(KeyboardSensor));

  const markDirty = (next: boolean) => {
    setDirty(next);
    onDirtyChange?.(next);
  };
  const change = (next: Placed[]) => {
    setFields(next);
    markDirty(true);
  };
  const update = (key: string, patch: Partial<Placed>) => change(fields.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  const add = (type: FieldType, onPage: number, at?: { x: number; y: number }) => {
    const size = FIELD_DEFAULT_SIZE[type];
    const offset = (fields.filter((f) => f.page === onPage).length % 8) * 0.06;
    const f: Placed = { key: newKey(), signerId, type, page: onPage, ...size, x: round(clamp(at?.x ?? 0.1, 1 - size.w)), y: round(clamp(at?.y ?? 0.1 + offset, 1 - size.h)), allPages: false, required: true, label: null };
    change([...fields, f]);
    setSelected(f.key);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const rect = active.rect.current.translated;
    if (!over || !rect) return;
    const onPage = Number(String(over.id).replace('pagina-', ''));
    const x = (rect.left - over.rect.left) / over.rect.width;
    const y = (rect.top - over.rect.top) / over.rect.height;
    const id = String(active.id);
    if (id.startsWith('novo:')) return add(id.slice(5) as FieldType, onPage, { x, y });
    const f = fields.find((g) => g.key === id);
    if (f) update(id, { page: onPage, x: round(clamp(x, 1 - f.w)), y: round(clamp(y, 1 - f.h)) });
  };

  const onKey = (f: Placed, e: KeyboardEvent) => {
    const size = resizeByKey(f, e);
    if (size) {
      e.preventDefault();
      return update(f.key, size);
    }
    const step = e.shiftKey ? 0.05 : 0.01;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      update(f.key, { x: round(clamp(f.x + move[0], 1 - f.w)), y: round(clamp(f.y + move[1], 1 - f.h)) });
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      change(fields.filter((g) => g.key !== f.key));
      setSelected(null);
    }
  };

  const save = useSubmit(async () => {
    const saved = await saveAll(fields.map(({ key: _key, ...f }) => f));
    setFields(saved.fields.map((f) => ({ ...f, key: f.id })));
    markDirty(false);
    toast.success('Campos salvos.');
    onSaved();
  }, 'Não foi possível salvar os campos.');

  const current = fields.find((f) => f.key === selected) ?? null;
  const nameOf = (id: string) => signers.find((s) => s.id === id)?.short ?? '';

  return (
    <Card data-testid="field-editor">
      <CardHeader>
        <CardTitle>Campos no documento</CardTitle>
        <CardDescription>Arraste cada campo para onde a pessoa deve assinar ou preencher. Puxe qualquer canto do campo escolhido para mudar o tamanho. Com o teclado: Tab até o campo, setas movem (Shift para passos maiores), Ctrl ou ⌘ com as setas mudam o tamanho pelo canto inferior direito (com Alt, pelo superior esquerdo), Delete remove.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={{ screenReaderInstructions: { draggable: 'Espaço pega o campo, setas movem, Espaço solta, Esc cancela.' } }}>
          <div className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
            <div className="grid content-start gap-2">
              <Field label="Campos de">
                <select className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm" value={signerId} onChange={(e) => setSignerId(e.target.value)}>
                  <NamedOptions items={signers} />
                </select>
              </Field>
              <Field label="Página para o botão">
                <select className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm" value={page} onChange={(e) => setPage(Number(e.target.value))}>
                  {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>{`Página ${n}`}</option>
                  ))}
                </select>
              </Field>
            </div>
            <ul className="flex flex-wrap content-start gap-2" aria-label="Tipos de campo">
              {FIELD_TYPES.map((type) => (
                <li key={type}>
                  <PaletteItem type={type} colour={colourOf(signerId)} onAdd={() => add(type, page)} />
                </li>
              ))}
            </ul>
          </div>

          {current && (
            <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3 text-sm sm:grid-cols-[1fr_auto_auto_auto] sm:items-end" data-testid="field-options">
              <legend className="px-1 font-medium text-slate-900">{`${FIELD_TYPE_LABELS[current.type]} de ${nameOf(current.signerId)} · página ${current.page}`}</legend>
              <Field label="Rótulo (opcional)">
                <Input value={current.label ?? ''} maxLength={60} onChange={(e) => update(current.key, { label: e.target.value || null })} />
              </Field>
              <label className="flex items-center gap-2">
                <input type="checkbox" className="size-4" checked={current.required} onChange={(e) => update(current.key, { required: e.target.checked })} /> Obrigatório
              </label>
              {current.type === 'rubrica' && (
                <label className="flex items-center gap-2">
                  <input type="checkbox" className="size-4" checked={current.allPages} onChange={(e) => update(current.key, { allPages: e.target.checked })} /> Assinar em todas as páginas
                </label>
              )}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  change(fields.filter((g) => g.key !== current.key));
                  setSelected(null);
                }}
              >
                <Trash2 aria-hidden /> Remover
              </Button>
            </fieldset>
          )}

          <div className="mx-auto w-full max-w-3xl">
            <PdfPages
              url={documentUrl}
              title={title}
              overlay={(n) => (
                <PageDrop page={n}>
                  {fields
                    .filter((f) => f.page === n || (f.allPages && f.type === 'rubrica'))
                    .map((f) => (
                      <PlacedField
                        key={`${f.key}-${n}`}
                        field={f}
                        ghost={f.page !== n}
                        colour={colourOf(f.signerId)}
                        text={`${FIELD_TYPE_LABELS[f.type]} · ${nameOf(f.signerId)}`}
                        selected={selected === f.key}
                        onSelect={() => setSelected(f.key)}
                        onKey={(e) => onKey(f, e)}
                      />
                    ))}
                  {current?.page === n &&
                    CORNERS.map((corner) => <ResizeHandle key={corner} field={current} corner={corner} label={`Redimensionar ${FIELD_TYPE_LABELS[current.type]}`} onResize={(box) => update(current.key, box)} />)}
                </PageDrop>
              )}
            />
          </div>
        </DndContext>
        {save.error && <p role="alert" className="text-sm text-red-700">{save.error}</p>}
        <div className="sticky bottom-2 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white/95 p-2 shadow-sm">
          <p className="text-sm text-slate-700" aria-live="polite">
            {`${fields.length} ${fields.length === 1 ? 'campo' : 'campos'}${dirty ? ' · alterações não salvas' : ''}`}
          </p>
          <Button size="sm" onClick={() => void save.submit()} pending={save.pending} disabled={!dirty}>
            <Save aria-hidden /> Salvar campos
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function PaletteItem({ type, colour, onAdd }: { type: FieldType; colour: string; onAdd: () => void }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: `novo:${type}` });
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...attributes}
      {...listeners}
      onKeyDown={(e) => {
        // Enter adds to the chosen page; Space starts dnd-kit's keyboard drag.
        if (e.key === 'Enter') {
          e.preventDefault();
          onAdd();
        } else listeners?.onKeyDown?.(e);
      }}
      onClick={onAdd}
      aria-label={`Adicionar campo ${FIELD_TYPE_LABELS[type]}`}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={cn('flex touch-none items-center gap-1 rounded-md border border-dashed px-2 py-1.5 text-sm font-medium', colour, isDragging && 'z-20 shadow-lg')}
    >
      <Plus className="size-3.5" aria-hidden /> {FIELD_TYPE_LABELS[type]}
    </button>
  );
}

function PageDrop({ page, children }: { page: number; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: `pagina-${page}` });
  return (
    <div ref={setNodeRef} data-testid="field-page" data-page={page} className={cn('absolute inset-0 rounded', isOver && 'ring-2 ring-[var(--color-accent)]')}>
      {children}
    </div>
  );
}

function PlacedField({ field, ghost, colour, text, selected, onSelect, onKey }: { field: Placed; ghost: boolean; colour: string; text: string; selected: boolean; onSelect: () => void; onKey: (e: KeyboardEvent) => void }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: field.key, disabled: ghost });
  const style = { left: `${field.x * 100}%`, top: `${field.y * 100}%`, width: `${field.w * 100}%`, height: `${field.h * 100}%`, transform: CSS.Translate.toString(transform) };
  if (ghost)
    return (
      <div aria-hidden style={style} className={cn('pointer-events-none absolute overflow-hidden rounded border border-dashed px-1 text-[10px] leading-tight opacity-60', colour)}>
        {text}
      </div>
    );
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...attributes}
      {...listeners}
      onKeyDown={(e) => {
        if (e.key.startsWith('Arrow') || e.key === 'Delete' || e.key === 'Backspace') onKey(e);
        else listeners?.onKeyDown?.(e);
      }}
      onClick={onSelect}
      onFocus={onSelect}
      data-testid="placed-field"
      data-type={field.type}
      data-size={`${field.w}x${field.h}`}
      data-pos={`${field.x}x${field.y}`}
      aria-label={`${text}, página ${field.page}${field.allPages ? ', em todas as páginas' : ''}. Setas movem, Ctrl ou ⌘ com as setas mudam o tamanho (com Alt, pelo canto superior esquerdo), Delete remove.`}
      style={style}
      className={cn('absolute touch-none overflow-hidden rounded border-2 px-1 text-left text-[10px] font-medium leading-tight sm:text-xs', colour, selected && 'ring-2 ring-slate-900', isDragging && 'z-20 opacity-80 shadow-lg')}
    >
      {text}
    </button>
  );
}
