/**
 * Campaign templates: merge fields and the plain-text part. Browser-safe, shared by
 * the editor's preview and the sender, so what the person previews is what is sent.
 */

export const MERGE_FIELDS = {
  primeiro_nome: 'Primeiro nome',
  nome: 'Nome completo',
  empresa: 'Empresa',
  email: 'E-mail',
  cargo: 'Cargo',
} as const;
export type MergeField = keyof typeof MERGE_FIELDS;
export type MergeValues = Partial<Record<MergeField, string | null>>;

const FIELD = /\{\{\s*([a-z_]+)\s*\}\}/g;

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * Replaces {{campo}} with the contact's value: escaped in HTML (a name like `<script>` is shown
 * as text), as is in plain text. An unknown field is left as typed; a missing value is empty.
 */
export function renderTemplate(template: string, values: MergeValues, mode: 'html' | 'text'): string {
  return template.replace(FIELD, (whole, key: string) => {
    if (!(key in MERGE_FIELDS)) return whole;
    const v = values[key as MergeField] ?? '';
    return mode === 'html' ? escapeHtml(v) : v;
  });
}

/** The merge fields a template uses that do not exist (the editor warns about them). */
export const unknownFields = (template: string) => [...template.matchAll(FIELD)].map((m) => m[1]!).filter((k) => !(k in MERGE_FIELDS));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The plain-text part generated from the HTML: paragraphs and line breaks kept, links as "texto (url)". */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '').trim();
      return text && text !== href ? `${text} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ENTITIES[e] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The http(s) links of an HTML body, in order, once each: the only targets a click may redirect to. */
export function extractLinks(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<a\s[^>]*href\s*=\s*["']([^"']+)["']/gi)) {
    const href = m[1]!.replace(/&amp;/g, '&');
    if (/^https?:\/\//i.test(href) && !out.includes(href)) out.push(href);
  }
  return out;
}

/** Replaces each of the campaign's links in the HTML with its tracking URL (by index). */
export function rewriteLinks(html: string, links: string[], trackingUrl: (index: number) => string): string {
  return html.replace(/(<a\s[^>]*href\s*=\s*["'])([^"']+)(["'])/gi, (whole, pre: string, href: string, post: string) => {
    const i = links.indexOf(href.replace(/&amp;/g, '&'));
    return i < 0 ? whole : `${pre}${escapeHtml(trackingUrl(i))}${post}`;
  });
}

/** The first word of a name. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';
