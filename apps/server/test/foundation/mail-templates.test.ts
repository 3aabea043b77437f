import { describe, expect, it } from 'vitest';
import { verificationEmail, resetPasswordEmail } from '../../src/platform/mail-templates.ts';

// A real verification link is one unbroken 200+ character word: without a wrap rule it
// overflows the 520 px card (and the phone's screen) instead of wrapping inside it.
const LONG_URL = `http://127.0.0.1:3000/api/auth/verify-email?token=${'eyJhbGciOiJIUzI1NiJ9'.repeat(12)}&callbackURL=%2Femail-confirmed`;

function fallbackLink(html: string) {
  const m = /Se o botão não funcionar[^<]*<br><a ([^>]*)>([^<]*)<\/a>/.exec(html);
  if (!m) throw new Error('fallback link not found');
  return { attrs: m[1], text: m[2] };
}

describe('mail templates: the fallback link', () => {
  it.each([
    ['verification', verificationEmail({ url: LONG_URL, firstName: 'Marina' }).html],
    ['password reset', resetPasswordEmail({ url: LONG_URL, firstName: 'Marina' }).html],
  ])('wraps inside its card (%s)', (_, html) => {
    const link = fallbackLink(html);
    expect(link.text).toBe(LONG_URL.replaceAll('&', '&#38;'));
    expect(link.attrs).toMatch(/style="[^"]*word-break:break-all/);
    expect(link.attrs).toMatch(/style="[^"]*overflow-wrap:anywhere/);
    // The sentence around it keeps its words whole.
    expect(html).toMatch(/<p style="[^"]*overflow-wrap:anywhere">Se o botão não funcionar/);
  });
});
