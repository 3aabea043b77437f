/** "a, b; c" → ['a', 'b', 'c'] (trimmed, unique). */
export const parseTags = (text: string) => [...new Set(text.split(/[,;]/).map((t) => t.trim()).filter(Boolean))];
