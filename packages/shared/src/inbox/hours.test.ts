import { describe, expect, it } from 'vitest';
import { isWithinBusinessHours, saoPauloClock } from './hours.ts';
import { agentMessageSchema, cannedReplySchema, inboxSettingsUpdateSchema, MESSAGE_MAX_CHARS, visitorMessageSchema } from './schemas.ts';

describe('business hours in America/Sao_Paulo', () => {
  const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '18:00' }));
  it('reads the local clock (UTC−3)', () => {
    // 2026-11-25 is a Wednesday; 12:00Z is 09:00 in São Paulo.
    expect(saoPauloClock(new Date('2026-11-25T12:00:00Z'))).toEqual({ weekday: 3, time: '09:00' });
  });
  it('opens at the start, closes at the end, and not on weekends', () => {
    expect(isWithinBusinessHours(weekdays, new Date('2026-11-25T12:00:00Z'))).toBe(true);
    expect(isWithinBusinessHours(weekdays, new Date('2026-11-25T11:59:00Z'))).toBe(false);
    expect(isWithinBusinessHours(weekdays, new Date('2026-11-25T21:00:00Z'))).toBe(false);
    expect(isWithinBusinessHours(weekdays, new Date('2026-11-28T15:00:00Z'))).toBe(false);
  });
  it('no ranges means always open', () => {
    expect(isWithinBusinessHours([], new Date('2026-11-28T03:00:00Z'))).toBe(true);
  });
});

describe('inbox schemas', () => {
  it('refuses a message over the limit with a clear Portuguese message', () => {
    const r = visitorMessageSchema.safeParse({ body: 'a'.repeat(10_000) });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('A mensagem pode ter no máximo 5.000 caracteres.');
    expect(visitorMessageSchema.safeParse({ body: 'a'.repeat(MESSAGE_MAX_CHARS) }).success).toBe(true);
  });
  it('keeps HTML as text (escaping is the display’s job) and refuses an empty message', () => {
    expect(visitorMessageSchema.parse({ body: '<script>alert(1)</script>' }).body).toBe('<script>alert(1)</script>');
    expect(visitorMessageSchema.safeParse({ body: '   ' }).success).toBe(false);
    expect(agentMessageSchema.safeParse({}).success).toBe(false);
  });
  it('normalizes shortcuts and origins', () => {
    expect(cannedReplySchema.parse({ shortcut: '/Ola', body: 'Olá!' }).shortcut).toBe('ola');
    expect(inboxSettingsUpdateSchema.parse({ allowedOrigins: ['https://loja.com.br/pagina'] }).allowedOrigins).toEqual(['https://loja.com.br']);
    expect(inboxSettingsUpdateSchema.safeParse({ allowedOrigins: ['javascript:alert(1)'] }).success).toBe(false);
  });
});
