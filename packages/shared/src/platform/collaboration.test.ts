import { describe, expect, it } from 'vitest';
import { commentCreateSchema, isTaskOverdue, mentionedUserIds, mentionToken, myTaskBounds, splitMentions, taskCreateSchema } from './collaboration.ts';

describe('mentions', () => {
  it('parses @[Name](id) tokens once each, in order', () => {
    const body = `Oi ${mentionToken('Ana Souza', 'u1')} e ${mentionToken('Bruno', 'u2')}, veja ${mentionToken('Ana', 'u1')}`;
    expect(mentionedUserIds(body)).toEqual(['u1', 'u2']);
    expect(splitMentions('a @[Ana](u1) b')).toEqual([{ text: 'a ' }, { name: 'Ana', userId: 'u1' }, { text: ' b' }]);
    expect(mentionToken('A [x] (y)', 'u3')).toBe('@[A x y](u3)');
  });
  it('refuses an empty, too long or NUL comment', () => {
    expect(commentCreateSchema.safeParse({ body: '   ' }).success).toBe(false);
    expect(commentCreateSchema.safeParse({ body: 'x'.repeat(10_001) }).success).toBe(false);
    expect(commentCreateSchema.safeParse({ body: 'a\u0000b' }).success).toBe(false);
    expect(commentCreateSchema.parse({ body: ' linha 1\nlinha 2 ' }).body).toBe('linha 1\nlinha 2');
  });
});

describe('my tasks across days off', () => {
  it('on a Monday, the weekend is today, Friday is late', () => {
    // 2026-11-16 is a Monday; 2026-11-15 (Sunday) is Proclamação da República.
    expect(myTaskBounds('2026-11-16')).toEqual({ lastOverdue: '2026-11-13', today: '2026-11-16' });
    expect(isTaskOverdue('2026-11-14', null, '2026-11-16')).toBe(false);
    expect(isTaskOverdue('2026-11-13', null, '2026-11-16')).toBe(true);
    expect(isTaskOverdue('2026-11-13', '2026-11-13T10:00:00Z', '2026-11-16')).toBe(false);
  });
  it('after a holiday (Tiradentes, Tuesday 2026-04-21), the holiday is today on Wednesday', () => {
    expect(myTaskBounds('2026-04-22').lastOverdue).toBe('2026-04-20');
    expect(isTaskOverdue('2026-04-21', null, '2026-04-22')).toBe(false);
  });
  it('an entity link needs both parts; a due date must be a real day', () => {
    expect(taskCreateSchema.safeParse({ title: 'x', entityType: 'deal' }).success).toBe(false);
    expect(taskCreateSchema.safeParse({ title: 'x', dueDate: '2026-02-30' }).success).toBe(false);
    expect(taskCreateSchema.safeParse({ title: 'x', dueDate: '2026-02-27' }).success).toBe(true);
  });
});
