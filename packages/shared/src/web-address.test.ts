import { describe, expect, it } from 'vitest';
import { normalizeWebAddress, webAddressSchema } from './web-address.ts';

describe('web addresses as people type them', () => {
  it('adds https:// to an address typed without it and keeps http(s)', () => {
    expect(normalizeWebAddress('instagram.com/graonobre')).toBe('https://instagram.com/graonobre');
    expect(normalizeWebAddress('  www.graonobre.com.br/blog ')).toBe('https://www.graonobre.com.br/blog');
    expect(normalizeWebAddress('loja.com.br:8080/x')).toBe('https://loja.com.br:8080/x');
    expect(normalizeWebAddress('http://graonobre.com.br')).toBe('http://graonobre.com.br');
    expect(normalizeWebAddress('HTTPS://Graonobre.com.br')).toBe('HTTPS://Graonobre.com.br');
  });

  it('refuses what is not a web address', () => {
    for (const bad of ['javascript:alert(1)', 'ftp://x.com', 'graonobre', 'com espaço.com', 'https://localhost/x', 'mailto:a@b.com', '.com']) {
      expect(normalizeWebAddress(bad), bad).toBeNull();
    }
  });

  it('as a field: empty is null, too long or invalid carries the message', () => {
    const schema = webAddressSchema(40, 'Endereço inválido.');
    expect(schema.parse('')).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse('loja.com.br')).toBe('https://loja.com.br');
    expect(schema.safeParse('loja').error?.issues[0]?.message).toBe('Endereço inválido.');
    expect(schema.safeParse(`loja.com.br/${'x'.repeat(40)}`).error?.issues[0]?.message).toBe('Endereço inválido.');
  });
});
