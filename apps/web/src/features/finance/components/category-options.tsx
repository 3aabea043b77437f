import type { CategoryKind, FinCategory } from '@sede/shared/finance/registers';

/** The categories of a kind as a tree, for a select: parents as option groups. */
export function CategoryOptions({ categories, kind, includeArchived = false }: { categories: FinCategory[]; kind: CategoryKind; includeArchived?: boolean }) {
  const live = categories.filter((c) => c.kind === kind && (includeArchived || !c.archived));
  const roots = live.filter((c) => !c.parentId || !live.some((p) => p.id === c.parentId));
  return (
    <>
      {roots.map((root) => {
        const children = live.filter((c) => c.parentId === root.id);
        return children.length ? (
          <optgroup key={root.id} label={root.name}>
            <option value={root.id}>{root.name} (geral)</option>
            {children.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </optgroup>
        ) : (
          <option key={root.id} value={root.id}>
            {root.name}
          </option>
        );
      })}
    </>
  );
}
