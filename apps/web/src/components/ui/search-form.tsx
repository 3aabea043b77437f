import { useState } from 'react';
import { inputClass } from './input.tsx';
import { Label } from './label.tsx';

/**
 * A list's labelled search box (the creatives, the projects): the person types freely, and the
 * trimmed text is searched on Enter or when the box loses focus. `initial` is the search the page
 * opened with (its URL's `q`).
 */
export function SearchForm({ id, initial, placeholder, onSearch }: { id: string; initial: string; placeholder: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(initial);
  return (
    <form
      className="grid min-w-0 basis-full gap-1 sm:max-w-xs sm:flex-1 sm:basis-auto"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Label htmlFor={id}>Buscar</Label>
      <input id={id} type="search" className={`${inputClass} h-9`} placeholder={placeholder} value={text} maxLength={100} onChange={(e) => setText(e.target.value)} onBlur={() => onSearch(text.trim())} />
    </form>
  );
}
