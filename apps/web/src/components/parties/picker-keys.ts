/** The option a key moves to in a listbox of `count` options (-1: none active). */
export function moveActive(active: number, count: number, key: string): number {
  if (count === 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return active < 0 ? 0 : (active + 1) % count;
    case 'ArrowUp':
      return active < 0 ? count - 1 : (active - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return active;
  }
}

/** A search text worth sending: trimmed, at most 100 characters (the API's limit). */
export const searchText = (value: string) => value.trim().slice(0, 100);
