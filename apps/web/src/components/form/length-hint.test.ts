import { describe, expect, it } from 'vitest';
import { lengthHint } from './length-hint.ts';

describe('lengthHint', () => {
  it('shows the count from 80% of the limit, past it too', () => {
    expect(lengthHint('a'.repeat(79), 100)).toBeUndefined();
    expect(lengthHint('a'.repeat(80), 100)).toBe('80 de 100 caracteres');
    expect(lengthHint(`  ${'a'.repeat(60_000)}`, 100)).toBe('60.000 de 100 caracteres');
    expect(lengthHint(undefined, 100)).toBeUndefined();
  });
});
