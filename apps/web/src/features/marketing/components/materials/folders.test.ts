import { describe, expect, it } from 'vitest';
import { folderPath, folderTrail, moveTargets } from './folders.ts';

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

describe('where a folder may be moved', () => {
  // Marca / 2026 / Verão, Fotos; and a folder of another client.
  const folders = [f('a', null, 'Marca'), f('b', 'a', '2026'), f('c', 'b', 'Verão'), f('d', null, 'Fotos'), { ...f('x', null, 'Outra'), clientId: 'other' }];
  const rows = (id: string, max = 4) =>
    moveTargets(folders.find((x) => x.id === id)!, folders, max).map((r) => `${'  '.repeat(r.level)}${r.folder?.name ?? 'Biblioteca'}${r.blocked ? ` [${r.blocked}]` : ''}${r.current ? ' *' : ''}`);

  it('lists the root and the client\'s folders as a tree by name; blocks the folder itself and its subfolders', () => {
    expect(rows('b')).toEqual(['Biblioteca', '  Fotos', '  Marca *', '    2026 [self]', '      Verão [inside]']);
    expect(rows('d')).toEqual(['Biblioteca *', '  Fotos [self]', '  Marca', '    2026', '      Verão']);
  });

  it('blocks a destination where the folder and its subfolders would pass the depth limit', () => {
    // "Marca" holds 3 levels: under "Fotos" it reaches level 4, fine with a limit of 4, not of 3.
    expect(rows('a')).toEqual(['Biblioteca *', '  Fotos', '  Marca [self]', '    2026 [inside]', '      Verão [inside]']);
    expect(rows('a', 3)).toEqual(['Biblioteca *', '  Fotos [deep]', '  Marca [self]', '    2026 [inside]', '      Verão [inside]']);
    // A leaf fits under Verão (level 4) but not with a limit of 3.
    expect(rows('d')).toContain('      Verão');
    expect(rows('d', 3)).toContain('      Verão [deep]');
  });
});
