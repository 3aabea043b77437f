import { describe, expect, it } from 'vitest';
import { folderPath, folderTrail } from './folders.ts';

const f = (id: string, parentId: string | null, name: string) => ({ id, parentId, name, clientId: 'c', createdAt: '' });

describe('material folders', () => {
  const folders = [f('a', null, 'Marca'), f('b', 'a', '2026'), f('c', 'b', 'Verão'), f('d', null, 'Fotos')];
  it('walks from the root down to the folder', () => {
    expect(folderTrail('c', folders).map((x) => x.name)).toEqual(['Marca', '2026', 'Verão']);
    expect(folderTrail(undefined, folders)).toEqual([]);
    expect(folderPath('b', folders)).toBe('Marca / 2026');
  });
  it('stops on a missing parent', () => {
    expect(folderTrail('x', folders)).toEqual([]);
    expect(folderTrail('e', [...folders, f('e', 'zz', 'Solta')]).map((x) => x.name)).toEqual(['Solta']);
  });
});
