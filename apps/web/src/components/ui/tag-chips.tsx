/** A record's tags as small chips ('vip', 'feira'); nothing when it has none. */
export function TagChips({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Etiquetas">
      {tags.map((t) => (
        <li key={t} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
          {t}
        </li>
      ))}
    </ul>
  );
}
