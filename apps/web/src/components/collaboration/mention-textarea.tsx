import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type KeyboardEvent, type TextareaHTMLAttributes } from 'react';
import type { Mentionable } from '@sede/shared/platform/collaboration';
import { mentionToken, splitMentions } from '@sede/shared/platform/collaboration-rules';
import { cn } from '../../lib/cn.ts';
import { inputClass } from '../ui/input.tsx';
import { mentionableQueryOptions } from './collaboration-api.ts';

export type PickedMention = { name: string; userId: string };

/** The text a person edits ('@Ana Souza') and the mentions picked, from a stored body ('@[Ana Souza](id)'). */
export function fromBody(body: string): { text: string; mentions: PickedMention[] } {
  const mentions: PickedMention[] = [];
  const text = splitMentions(body)
    .map((part) => {
      if ('text' in part) return part.text;
      if (!mentions.some((m) => m.userId === part.userId)) mentions.push(part);
      return `@${part.name}`;
    })
    .join('');
  return { text, mentions };
}

/** The body to send: each picked mention still in the text ('@Ana Souza') becomes its token. */
export function toBody(text: string, mentions: PickedMention[]): string {
  let body = text;
  for (const m of [...mentions].sort((a, b) => b.name.length - a.name.length)) {
    body = body.split(`@${m.name}`).join(mentionToken(m.name, m.userId));
  }
  return body;
}

/** The '@query' being typed right before the caret, if any. */
function activeQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)@([^\s@[\]()]{0,30}(?: [^\s@[\]()]{0,30})?)$/.exec(before);
  if (!m) return null;
  return { start: caret - m[2]!.length - 1, query: m[2]! };
}

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> & {
  value: string;
  onChange: (text: string) => void;
  mentions: PickedMention[];
  onMentionsChange: (mentions: PickedMention[]) => void;
};

/**
 * A textarea with an @-mention autocomplete of the company's members (a combobox: ↑/↓ choose,
 * Enter or Tab pick, Esc closes). The text shows '@Name'; `toBody` turns the picks into tokens.
 */
export function MentionTextarea({ value, onChange, mentions, onMentionsChange, className, onKeyDown, ...props }: Props) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const typed = activeQuery(value, caret);
  const open = typed !== null && dismissed !== typed.start;
  const people = useQuery({ ...mentionableQueryOptions(typed?.query.trim() ?? ''), enabled: open });
  const options: Mentionable[] = useMemo(() => (open ? (people.data ?? []) : []), [open, people.data]);
  const expanded = open && options.length > 0;

  const pick = (person: Mentionable) => {
    if (!typed) return;
    const insert = `@${person.name} `;
    const next = value.slice(0, typed.start) + insert + value.slice(caret);
    onChange(next);
    if (!mentions.some((m) => m.userId === person.userId)) onMentionsChange([...mentions, { name: person.name, userId: person.userId }]);
    const pos = typed.start + insert.length;
    setCaret(pos);
    setActive(0);
    requestAnimationFrame(() => ref.current?.setSelectionRange(pos, pos));
  };

  const keyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (expanded) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pick(options[Math.min(active, options.length - 1)]!);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setDismissed(typed!.start);
        return;
      }
    }
    onKeyDown?.(e);
  };

  return (
    <div className="relative">
      <textarea
        ref={ref}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
        className={cn(inputClass, 'h-auto min-h-20 resize-y', className)}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart ?? e.target.value.length);
          setActive(0);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
        onKeyDown={keyDown}
        {...props}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Pessoas para mencionar"
        hidden={!expanded}
        className="absolute left-0 z-20 mt-1 max-h-60 w-full max-w-sm overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {options.map((p, i) => (
          <div
            key={p.userId}
            id={`${listId}-${i}`}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className={cn('cursor-pointer px-3 py-2 text-sm text-slate-900', i === active && 'bg-[var(--color-accent-soft)]')}
            onMouseDown={(e) => {
              e.preventDefault();
              pick(p);
            }}
            onMouseEnter={() => setActive(i)}
          >
            {p.name}
          </div>
        ))}
      </div>
    </div>
  );
}
