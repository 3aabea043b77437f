import { useQuery } from '@tanstack/react-query';
import { Building2, Plus, Search, User, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { inputClass } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { moveActive, searchText } from './picker-keys.ts';
import { type PartyKind, type PartyOption, partySearchOptions } from './search-parties.ts';

export type PartyPickerProps = {
  /** 'people' or 'organizations'. */
  kind: PartyKind;
  /** The visible label ('Contato', 'Cliente', 'Fornecedor', 'Parte'…): each area names the party its way. */
  label: string;
  value: PartyOption | null;
  onChange: (value: PartyOption | null) => void;
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  /** Offers 'Cadastrar “…”' after the matches: called with the typed text (the caller creates the party, decision 0404). */
  onCreate?: (text: string) => void;
};

const CREATE_ID = '__create__';

const WORDS = {
  people: { placeholder: 'Buscar por nome, e-mail, CPF ou telefone', empty: 'Nenhuma pessoa encontrada.', create: 'Nova pessoa' },
  organizations: { placeholder: 'Buscar por razão social, nome fantasia ou CNPJ', empty: 'Nenhuma organização encontrada.', create: 'Nova organização' },
} as const;

/**
 * Search-as-you-type over /api/parties/<kind> (the ARIA combobox pattern: arrows, Enter, Escape),
 * reused by every area that points at a person or an organization.
 */
export function PartyPicker({ kind, label, value, onChange, placeholder, error, disabled, onCreate }: PartyPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const messageId = `${id}-message`;
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  // The highlighted option by id, not position: when the results change under it, it stays on the same party or none.
  const [activeId, setActiveId] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // Debounce: ask the server 250 ms after the last key.
  useEffect(() => {
    const t = setTimeout(() => setQ(searchText(text)), 250);
    return () => clearTimeout(t);
  }, [text]);

  const search = useQuery({ ...partySearchOptions(kind, q), enabled: open && !disabled });
  const found = search.data ?? [];
  const typed = text.trim();
  const options: PartyOption[] = onCreate && typed ? [...found, { id: CREATE_ID, label: `Cadastrar “${typed}”`, detail: WORDS[kind].create }] : found;
  const active = activeId ? options.findIndex((o) => o.id === activeId) : -1;
  const setActive = (index: number) => setActiveId(options[index]?.id ?? null);
  const Icon = kind === 'people' ? User : Building2;

  const choose = (option: PartyOption) => {
    if (option.id === CREATE_ID) onCreate?.(typed);
    else onChange(option);
    setOpen(false);
    setText('');
    setActive(-1);
  };

  if (value) {
    return (
      <div className="grid min-w-0 gap-1.5">
        <Label id={`${id}-label`}>{label}</Label>
        <div className="flex min-h-10 min-w-0 items-center gap-2 rounded-[var(--radius-ui)] border border-slate-300 bg-white px-3 py-2 text-sm">
          <Icon className="size-4 shrink-0 text-slate-500" aria-hidden />
          <span id={`${id}-chosen`} className="min-w-0 flex-1 truncate text-slate-900">
            {value.label}
            {value.detail && <span className="ml-2 text-slate-600">{value.detail}</span>}
          </span>
          {!disabled && (
            <button
              type="button"
              className="rounded p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]"
              aria-label={`Remover ${value.label}`}
              aria-describedby={`${id}-label`}
              onClick={() => {
                onChange(null);
                setTimeout(() => inputRef.current?.focus(), 0);
              }}
            >
              <X className="size-4" aria-hidden />
            </button>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="relative grid min-w-0 gap-1.5">
      <Label htmlFor={`${id}-input`}>{label}</Label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          maxLength={100}
          disabled={disabled}
          className={cn(inputClass, 'pl-9')}
          placeholder={placeholder ?? WORDS[kind].placeholder}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 120)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setOpen(false);
              return;
            }
            if (e.key === 'Enter') {
              if (open && active >= 0 && options[active]) {
                e.preventDefault();
                choose(options[active]);
              }
              return;
            }
            if (['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key) && open) {
              e.preventDefault();
              setActive(moveActive(active, options.length, e.key));
            } else if (e.key === 'ArrowDown') {
              setOpen(true);
            }
          }}
        />
      </div>
      {open && (
        <div className="absolute top-full z-20 mt-1 w-full overflow-hidden rounded-[var(--radius-ui)] border border-slate-200 bg-white shadow-lg">
          <div id={listId} role="listbox" aria-label={label} className="max-h-72 overflow-y-auto py-1">
            {options.map((option, i) => {
              const OptionIcon = option.id === CREATE_ID ? Plus : Icon;
              return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys (aria-activedescendant); options never take focus
              <div
                key={option.id}
                id={`${id}-opt-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={cn('flex cursor-pointer items-start gap-2 px-3 py-2 text-sm', i === active ? 'bg-slate-100' : 'hover:bg-slate-50')}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option)}
                onMouseEnter={() => setActive(i)}
              >
                <OptionIcon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                <span className="min-w-0">
                  <span className="block truncate text-slate-900">{option.label}</span>
                  {option.detail && <span className="block truncate text-xs text-slate-600">{option.detail}</span>}
                </span>
              </div>
              );
            })}
          </div>
          <p role="status" aria-live="polite" className={cn('px-3 text-sm text-slate-600', (search.isFetching && !found.length) || search.isError || (search.isSuccess && !found.length) ? 'py-2' : 'sr-only')}>
            {search.isError ? (search.error as Error).message : search.isFetching && !found.length ? 'Buscando…' : search.isSuccess && !found.length ? WORDS[kind].empty : `${found.length} resultado(s).`}
          </p>
        </div>
      )}
      {error && (
        <p id={messageId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
