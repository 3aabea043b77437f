import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prerenderedPages } from '../../src/http/prerendered.ts';

// The shape apps/web/prerender.mjs writes (decision 0636).
const dist = mkdtempSync(path.join(tmpdir(), 'sede-prerendered-'));
mkdirSync(path.join(dist, 'prerendered'));
const pages = [
  { file: 'auth.html', path: '/auth', params: { email_confirmed: '?' } },
  { file: 'auth-reset.html', path: '/auth', params: { reset: 'true', token: '*' } },
  { file: 'invite.html', path: '/accept-invite', params: { token: '/^[A-Za-z0-9_-]{20,128}$/', email: '?' } },
  { file: 'pagar.html', path: '/pagar/:token', params: {} },
];
writeFileSync(path.join(dist, 'prerendered', 'pages.json'), JSON.stringify(pages));
for (const p of pages) writeFileSync(path.join(dist, 'prerendered', p.file), p.file);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const find = prerenderedPages(dist);
const at = (address: string) => find(new URL(address, 'http://127.0.0.1'));

describe('the prerendered page an address gets', () => {
  it('answers a path and query the page allows', () => {
    expect(at('/auth')).toBe('auth.html');
    expect(at('/auth/')).toBe('auth.html');
    expect(at('/auth?email_confirmed=true')).toBe('auth.html');
    expect(at('/auth?reset=true&token=abc')).toBe('auth-reset.html');
    expect(at('/accept-invite?token=AbCdEfGhIjKlMnOpQrStUv_-12&email=a%40b.com')).toBe('invite.html');
    expect(at('/pagar/um-token')).toBe('pagar.html');
  });

  it('leaves every other address to the single-page app', () => {
    expect(at('/auth?email=a%40b.com')).toBeNull(); // a parameter the page does not allow: it shows in the form
    expect(at('/auth?reset=true')).toBeNull(); // a required parameter missing
    expect(at('/auth?reset=false&token=abc')).toBeNull(); // a value that differs
    expect(at('/auth?email_confirmed=true&email_confirmed=false')).toBeNull();
    expect(at('/accept-invite?token=curto')).toBeNull(); // a token the page shows as invalid at once
    expect(at('/pagar')).toBeNull();
    expect(at('/pagar/um/dois')).toBeNull();
    expect(at('/empresa')).toBeNull();
  });

  it('answers nothing when the build wrote no pages', () => {
    expect(prerenderedPages(path.join(dist, 'missing'))(new URL('http://127.0.0.1/auth'))).toBeNull();
  });
});
