import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

describe('relativeTime (pt-BR)', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
  it('says agora, minutes, hours, ontem and days', () => {
    expect(relativeTime(ago(10), now)).toBe('agora');
    expect(relativeTime(ago(5 * 60), now)).toBe('há 5 minutos');
    expect(relativeTime(ago(3 * 3600), now)).toBe('há 3 horas');
    expect(relativeTime(ago(26 * 3600), now)).toBe('ontem');
    expect(relativeTime(ago(4 * 86400), now)).toBe('há 4 dias');
  });
});
