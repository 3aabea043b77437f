/** ['a', 'b'] → '#a #b'. */
export const hashtagLine = (tags: string[]) => tags.map((t) => `#${t}`).join(' ');

/** '#a b, #c' → ['a', 'b', 'c'] (the server checks each). */
export const parseHashtags = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((t) => t.replace(/^#+/, '').trim())
    .filter(Boolean);
