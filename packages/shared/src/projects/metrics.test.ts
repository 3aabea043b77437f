import { describe, expect, it } from 'vitest';
import { burnUpSeries, cycleTime, dayOf, progressOf } from './metrics.ts';
import { hasRoomBetween, positionBetween } from '../crm/position.ts';
import { PROJECT_TEMPLATES, templateByKey } from './templates.ts';
import { projectCreateSchema, taskCreateSchema } from './schemas.ts';

describe('burn-up', () => {
  it('counts created and done cumulatively per day up to today, in São Paulo days', () => {
    const s = burnUpSeries(
      [
        { createdAt: '2026-03-01T12:00:00Z', doneAt: '2026-03-03T12:00:00Z' },
        { createdAt: '2026-03-01T13:00:00Z', doneAt: null },
        // 01:00 UTC on the 3rd is still the 2nd in São Paulo
        { createdAt: '2026-03-03T01:00:00Z', doneAt: '2026-03-04T15:00:00Z' },
      ],
      '2026-03-05',
    );
    expect(s).toEqual([
      { date: '2026-03-01', created: 2, done: 0 },
      { date: '2026-03-02', created: 3, done: 0 },
      { date: '2026-03-03', created: 3, done: 1 },
      { date: '2026-03-04', created: 3, done: 2 },
      { date: '2026-03-05', created: 3, done: 2 },
    ]);
  });
  it('folds days older than the window into its first point; no tasks, no series', () => {
    const s = burnUpSeries([{ createdAt: '2026-01-01T12:00:00Z', doneAt: '2026-01-02T12:00:00Z' }, { createdAt: '2026-03-04T12:00:00Z', doneAt: null }], '2026-03-05', 3);
    expect(s).toEqual([
      { date: '2026-03-03', created: 1, done: 1 },
      { date: '2026-03-04', created: 2, done: 1 },
      { date: '2026-03-05', created: 2, done: 1 },
    ]);
    expect(burnUpSeries([], '2026-03-05')).toEqual([]);
  });
  it('dayOf uses America/Sao_Paulo', () => expect(dayOf('2026-03-03T02:59:00Z')).toBe('2026-03-02'));
});

describe('cycle time', () => {
  it('from the start (or creation) to done, average, median and p85 in days', () => {
    const c = cycleTime([
      { createdAt: '2026-03-01T00:00:00Z', startedAt: '2026-03-02T00:00:00Z', doneAt: '2026-03-03T00:00:00Z' }, // 1
      { createdAt: '2026-03-01T00:00:00Z', doneAt: '2026-03-04T00:00:00Z' }, // 3
      { createdAt: '2026-03-01T00:00:00Z', doneAt: '2026-03-06T00:00:00Z' }, // 5
      { createdAt: '2026-03-01T00:00:00Z', doneAt: null },
    ]);
    expect(c).toEqual({ count: 3, averageDays: 3, medianDays: 3, p85Days: 4.4 });
    expect(cycleTime([])).toEqual({ count: 0, averageDays: null, medianDays: null, p85Days: null });
  });
  it('progress rounds done over total', () => {
    expect(progressOf(1, 3)).toBe(33);
    expect(progressOf(0, 0)).toBe(0);
  });
});

describe('positions (the CRM board rule, shared)', () => {
  it('a card dropped between neighbours lands at their midpoint; at the ends one step away', () => {
    expect(positionBetween(1024, 2048)).toBe(1536);
    expect(positionBetween(null, 1024)).toBe(0);
    expect(positionBetween(2048, null)).toBe(3072);
    expect(hasRoomBetween(1, 1 + 1e-9)).toBe(false);
  });
});

describe('templates and schemas', () => {
  it('every template has a done column last and tasks pointing at existing columns', () => {
    for (const t of PROJECT_TEMPLATES) {
      expect(t.columns.at(-1)).toBe('Concluído');
      for (const task of t.tasks) expect(task.column ?? 0).toBeLessThan(t.columns.length);
    }
    expect(templateByKey('implantacao-cliente')?.name).toBe('Implantação de cliente');
  });
  it('refuses an end before the start, control characters and a huge description', () => {
    expect(projectCreateSchema.safeParse({ name: 'X', startDate: '2026-03-02', endDate: '2026-03-01' }).success).toBe(false);
    expect(projectCreateSchema.safeParse({ name: 'X\u0000' }).success).toBe(false);
    expect(projectCreateSchema.safeParse({ name: 'X', startDate: '2026-02-30' }).success).toBe(false);
    expect(taskCreateSchema.safeParse({ title: 'T', description: 'a'.repeat(20_001) }).success).toBe(false);
    expect(taskCreateSchema.parse({ title: ' T ', labels: ['a', 'a'] })).toMatchObject({ title: 'T', labels: ['a'] });
  });
});
