import { describe, expect, it } from 'vitest';
import { splitTags } from './tags.ts';

describe('deal form helpers', () => {
  it('splits tags', () => {
    expect(splitTags(' a, b ,,c')).toEqual(['a', 'b', 'c']);
  });
});
