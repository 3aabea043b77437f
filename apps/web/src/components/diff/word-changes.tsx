import { useState } from 'react';
import { type WordChange, wordCount } from '@sede/shared/text-diff';

// Not by colour alone: insertions are underlined, deletions struck through, and screen readers hear where each starts and ends.
const INS = 'rounded-sm bg-emerald-100 px-0.5 text-emerald-950 underline decoration-emerald-700 decoration-2 underline-offset-2';
const DEL = 'rounded-sm bg-red-100 px-0.5 text-red-950 line-through decoration-red-700 decoration-2';

export function Added({ children }: { children: string }) {
  return (
    <ins className={INS}>
      <span className="sr-only">[incluído: </span>
      {children}
      <span className="sr-only">]</span>
    </ins>
  );
}

export function Removed({ children }: { children: string }) {
  return (
    <del className={DEL}>
      <span className="sr-only">[removido: </span>
      {children}
      <span className="sr-only">]</span>
    </del>
  );
}

/** 'incluído' and 'removido' as they are marked in the text. */
export function DiffLegend() {
  return (
    <p className="flex flex-wrap gap-2 text-xs text-slate-700" data-testid="diff-legend">
      <span className="sr-only">Legenda:</span>
      <ins className={INS}>incluído</ins>
      <del className={DEL}>removido</del>
    </p>
  );
}

/** A stable key per run: its kind and where it starts in the merged text. */
function keyed(changes: WordChange[]) {
  let at = 0;
  return changes.map((c) => {
    const key = `${c.op}${at}`;
    at += c.text.length;
    return { ...c, key };
  });
}

/** The first or last `n` words of a text (with what follows or precedes them up to the cut). */
const headWords = (text: string, n: number) => text.match(new RegExp(`^\\s*(?:\\S+\\s+){0,${n - 1}}\\S+`, 'u'))?.[0] ?? text;
const tailWords = (text: string, n: number) => text.match(new RegExp(`\\S+(?:\\s+\\S+){0,${n - 1}}\\s*$`, 'u'))?.[0] ?? text;

/** Words kept around each change when long unchanged stretches are folded. */
const CONTEXT_WORDS = 25;

/**
 * A text with its insertions (`<ins>`) and deletions (`<del>`) inline. With `fold`, unchanged
 * stretches longer than a few lines show only the words next to the changes, and a button
 * unfolds each ('Mostrar 240 palavras sem mudança').
 */
export function WordChanges({ changes, fold = false, className }: { changes: WordChange[]; fold?: boolean; className?: string }) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const runs = keyed(changes);
  return (
    <p className={className ?? 'text-sm leading-7 break-words whitespace-pre-wrap text-slate-800'} data-testid="diff-text">
      {runs.map((c, i) => {
        if (c.op === 'added') return <Added key={c.key}>{c.text}</Added>;
        if (c.op === 'removed') return <Removed key={c.key}>{c.text}</Removed>;
        const first = i === 0;
        const last = i === runs.length - 1;
        const keep = (first ? 0 : CONTEXT_WORDS) + (last ? 0 : CONTEXT_WORDS);
        const hidden = wordCount(c.text) - keep;
        if (!fold || open.has(c.key) || hidden < 40) return <span key={c.key}>{c.text}</span>;
        return (
          <span key={c.key}>
            {!first && headWords(c.text, CONTEXT_WORDS)}
            <button
              type="button"
              className="mx-1 my-1 inline-block rounded-md border border-slate-300 bg-white px-2 py-0.5 align-middle font-sans text-xs leading-5 text-slate-700 hover:bg-slate-50"
              onClick={() => setOpen(new Set(open).add(c.key))}
            >
              … Mostrar {hidden.toLocaleString('pt-BR')} palavras sem mudança
            </button>
            {!last && tailWords(c.text, CONTEXT_WORDS)}
          </span>
        );
      })}
    </p>
  );
}
