import { z } from 'zod';

/**
 * A web address as people type it (decision 0393): 'instagram.com/loja' or 'www.loja.com.br' get
 * 'https://' in front; 'http://' and 'https://' are kept. Anything else with a scheme ('ftp:',
 * 'javascript:'), spaces, or a host without a dot ('localhost') is refused with `message`.
 */
export function normalizeWebAddress(raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^/]+\.[^/]+:\d/.test(text) ? text : `https://${text.replace(/^\/+/, '')}`;
  if (!/^https?:\/\/\S+$/i.test(withScheme)) return null;
  try {
    const url = new URL(withScheme);
    return url.hostname.includes('.') && !url.hostname.startsWith('.') && !url.hostname.endsWith('.') ? withScheme : null;
  } catch {
    return null;
  }
}

/** An optional web address field: empty → null; typed without 'https://' → normalised; invalid → `message`. */
export const webAddressSchema = (max: number, message: string) =>
  z
    .string({ error: message })
    .nullish()
    .transform((v, ctx) => {
      if (!v?.trim()) return null;
      const url = normalizeWebAddress(v);
      if (!url || url.length > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return url;
    });
