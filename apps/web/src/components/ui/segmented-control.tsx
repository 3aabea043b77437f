/**
 * A choice of two or three ways ('Em branco', 'A partir de modelo'…): buttons with radio semantics
 * in a grey strip, the chosen one raised.
 */
export function SegmentedControl<T extends string>({ label, options, value, onChange }: { label: string; options: Array<[T, string]>; value: T; onChange: (value: T) => void }) {
  const columns = options.length === 3 ? 'grid-cols-3' : 'grid-cols-2';
  return (
    <div role="radiogroup" aria-label={label} className={`grid ${columns} gap-1 rounded-lg bg-slate-100 p-1 text-sm`}>
      {options.map(([option, text]) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control of buttons with radio semantics
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={value === option}
          className={`rounded-md px-2 py-1.5 font-medium ${value === option ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'}`}
          onClick={() => onChange(option)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
