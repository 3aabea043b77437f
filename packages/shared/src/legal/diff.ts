import { z } from 'zod';
import { type WordChange, wordDiff, wordsIn } from '../text-diff.ts';

/**
 * Comparing two versions of a contract (decision 0380): the texts extracted from a PDF, a DOCX or
 * a TXT are normalised (line wraps joined, words hyphenated at a line end rejoined, spaces and
 * invisible characters evened out) and compared word by word, so the same clause wrapped
 * differently in a PDF and in a DOCX is the same text, and only the words that changed are marked.
 */

export const contractComparisonSchema = z.object({
  changes: z.array(z.object({ op: z.enum(['same', 'added', 'removed']), text: z.string() })) satisfies z.ZodType<WordChange[]>,
  /** Words only the newer version has / only the older one has. */
  added: z.number(),
  removed: z.number(),
  /** The versions are too far apart to compare word by word: the whole old text is removed and the new one added. */
  tooDifferent: z.boolean(),
});
export type ContractComparison = z.infer<typeof contractComparisonSchema>;

/** GET /api/juridico/contracts/:id/compare?a=&b= — the two files and their comparison (a: older, b: newer). */
const fileRef = z.object({ id: z.string(), name: z.string() });
export const contractComparisonViewSchema = contractComparisonSchema.extend({ a: fileRef, b: fileRef });
export type ContractComparisonView = z.infer<typeof contractComparisonViewSchema>;

/** Words (lower case) with their inner hyphens: 'segunda-feira', 'obriga-se', 'igp-m'. */
const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;
/** A word cut at a line end: 'contra-⏎tada'. */
const HYPHEN_BREAK = /([\p{L}\p{N}]+)-[ \t]*\n+[ \t]*([\p{L}\p{N}]+)/gu;
/**
 * Pronouns written after a hyphen (ênclise: 'obriga-se', 'comunicá-lo'), when neither version has the
 * word whole to tell; the short ones that are also syllables ('-te', '-o') are left out ('remanescen-te').
 */
const CLITICS = new Set(['se', 'lhe', 'lhes', 'lo', 'la', 'los', 'las']);
/** Where a new paragraph or item obviously starts. */
const ITEM_START = /^(?:cl[áa]usula\b|par[áa]grafo\b|§|art(?:igo|\.)\s|anexo\b|\d+(?:\.\d+)*[.)º°ª]?\s|[a-z]\)\s|[IVXLC]+\s*[-–.)]\s)/iu;
const ENDS_SENTENCE = /[.;:!?]["'”’)»]*$/u;
const LIGATURES: Record<string, string> = { 'ﬀ': 'ff', 'ﬁ': 'fi', 'ﬂ': 'fl', 'ﬃ': 'ffi', 'ﬄ': 'ffl', 'ﬅ': 'st', 'ﬆ': 'st' };

/** Characters that print the same or not at all: soft hyphens, zero-width marks, odd spaces and hyphens, ligatures. */
function evenOut(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/[\t\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .replace(/[ﬀ-ﬆ]/g, (c) => LIGATURES[c] ?? c)
    .replace(/ {2,}/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/** Every whole word of the texts (not the halves of a word cut at a line end), to tell 'contra-⏎tada' from 'segunda-⏎feira'. */
function vocabularyOf(texts: string[]): Set<string> {
  const words = new Set<string>();
  for (const t of texts) for (const w of t.replace(HYPHEN_BREAK, ' ').toLowerCase().match(WORD) ?? []) words.add(w);
  return words;
}

/** A word cut at a line end, put back together: with its hyphen when it is a hyphenated word, else without. */
function rejoin(head: string, tail: string, words: Set<string>): string {
  const hyphenated = `${head}-${tail}`;
  const joined = `${head}${tail}`;
  const h = hyphenated.toLowerCase();
  const j = joined.toLowerCase();
  if (words.has(j) && !words.has(h)) return joined;
  if (words.has(h)) return hyphenated;
  if (CLITICS.has(tail.toLowerCase()) || /\d/.test(head + tail)) return hyphenated;
  return joined;
}

const isHeading = (line: string) => /\p{L}{2}/u.test(line) && line === line.toLocaleUpperCase('pt-BR') && line.length <= 120;

/** Lines longer than this are paragraphs, not a page's wrapping (a PDF line holds ~100 characters). */
const WRAP_WIDTH = 150;

/**
 * One version's text, normalised for comparison: paragraphs separated by a blank line, each on
 * one line. In a wrapped text (a PDF's lines), a line break inside a paragraph becomes a space and
 * a paragraph ends at a short line that ends a sentence, before an item ('Cláusula 2ª', 'a)') or
 * around a heading; a page break mid-sentence is joined too.
 */
export function comparableText(text: string, words: Set<string> = vocabularyOf([text])): string {
  const lines = evenOut(text)
    .replace(HYPHEN_BREAK, (_, head: string, tail: string) => rejoin(head, tail, words))
    .split('\n');
  const widths = lines.map((l) => l.length).filter(Boolean).sort((x, y) => x - y);
  const typical = widths[Math.floor((widths.length - 1) * 0.9)] ?? 0;
  const wrapped = typical <= WRAP_WIDTH;
  const paragraphs: string[] = [];
  let prev = '';
  let blank = false;
  for (const line of lines) {
    if (!line) {
      blank = true;
      continue;
    }
    const endsParagraph = ENDS_SENTENCE.test(prev) && prev.length < typical * 0.8;
    const soft = blank
      ? !ENDS_SENTENCE.test(prev) && /^\p{Ll}/u.test(line)
      : wrapped && !endsParagraph && !ITEM_START.test(line) && isHeading(prev) === isHeading(line);
    if (prev && soft) paragraphs[paragraphs.length - 1] += ` ${line}`;
    else paragraphs.push(line);
    prev = line;
    blank = false;
  }
  return paragraphs.join('\n\n');
}

/** Past this many word edits, or this much time, two versions count as different documents. */
const MAX_CONTRACT_EDITS = 3000;
const DIFF_TIMEOUT_MS = 1500;
/** Below this share of words in common, two texts are different documents (told at once, without the costly comparison). */
const MIN_SHARED_WORDS = 0.4;

/** The share of words two texts have in common (as bags of words, case ignored): 1 for the same words in any order. */
function sharedWords(a: string, b: string): number {
  const count = new Map<string, number>();
  const wa = a.toLowerCase().match(WORD) ?? [];
  const wb = b.toLowerCase().match(WORD) ?? [];
  for (const w of wa) count.set(w, (count.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of wb) {
    const n = count.get(w) ?? 0;
    if (n > 0) {
      common++;
      count.set(w, n - 1);
    }
  }
  return wa.length + wb.length === 0 ? 1 : (2 * common) / (wa.length + wb.length);
}

/** Two versions of a contract compared word by word, after normalising both (the newer one's paragraphs are kept). */
export function compareContractTexts(before: string, after: string): ContractComparison {
  const words = vocabularyOf([before, after]);
  const a = comparableText(before, words);
  const b = comparableText(after, words);
  const replaced = (): WordChange[] => [...(a ? [{ op: 'removed' as const, text: a }] : []), ...(b ? [{ op: 'added' as const, text: b }] : [])];
  const apart = a !== '' && b !== '' && sharedWords(a, b) < MIN_SHARED_WORDS;
  const changes = apart ? replaced() : wordDiff(a, b, { maxEdits: MAX_CONTRACT_EDITS, timeoutMs: DIFF_TIMEOUT_MS });
  const tooDifferent = apart || (a !== '' && b !== '' && changes.length === 2 && changes[0]!.op === 'removed' && changes[0]!.text === a && changes[1]!.text === b);
  return { changes, added: wordsIn(changes, 'added'), removed: wordsIn(changes, 'removed'), tooDifferent };
}
