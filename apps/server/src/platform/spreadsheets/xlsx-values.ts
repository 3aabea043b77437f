/** How a numeric cell shows: as a date, a time, both, or a plain number. */
export type CellFormat = { date: boolean; time: boolean };

const PLAIN: CellFormat = { date: false, time: false };
// Excel's built-in number formats that show dates and times (ECMA-376 §18.8.30; 27–36 and
// 50–58 are the East Asian date formats).
const BUILT_IN_DATE = new Set([14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
const BUILT_IN_TIME = new Set([18, 19, 20, 21, 22, 45, 46, 47]);

/** A format code shows a date when, without its quoted text and [colour]/[locale] parts, it has d, y (or m with them). */
export function isDateFormat(id: number, code: string | undefined): CellFormat {
  if (code === undefined) return BUILT_IN_DATE.has(id) || BUILT_IN_TIME.has(id) ? { date: BUILT_IN_DATE.has(id), time: BUILT_IN_TIME.has(id) } : PLAIN;
  const bare = code.replace(/"[^"]*"/g, '').replace(/\[[^\]]*\]/g, '').replace(/\\./g, '');
  return { date: /[dy]/i.test(bare), time: /[hs]/i.test(bare) };
}

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

/** An Excel serial date as the person saw it: dd/mm/aaaa, hh:mm, or both. */
export function serialToText(serial: number, format: CellFormat, date1904: boolean): string {
  // The 1900 system counts a 29/02/1900 that never was: serials before it start a day later.
  const base = date1904 ? Date.UTC(1904, 0, 1) : serial < 61 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  const d = new Date(base + Math.round(serial * DAY_MS / 1000) * 1000);
  if (Number.isNaN(d.getTime())) return String(serial);
  const day = `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  if (format.date && format.time) return `${day} ${time}`;
  return format.date ? day : time;
}

type RawCell = { type: string; style: number; value: string; inline: string };
type Context = { strings: string[]; formats: CellFormat[]; date1904: boolean };

/** A cell's text: shared and inline strings as written, numbers in full, dates as shown, booleans in Portuguese. */
export function cellDisplay(cell: RawCell, ctx: Context): string {
  switch (cell.type) {
    case 's':
      return ctx.strings[Number(cell.value)] ?? '';
    case 'inlineStr':
      return cell.inline;
    case 'str':
    case 'e':
      return cell.value;
    case 'b':
      return cell.value === '' ? '' : cell.value === '0' ? 'FALSO' : 'VERDADEIRO';
    case 'd': {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(cell.value);
      return m ? `${m[3]}/${m[2]}/${m[1]}` : cell.value;
    }
    default: {
      if (cell.value === '') return '';
      const n = Number(cell.value);
      if (!Number.isFinite(n)) return cell.value;
      const format = ctx.formats[cell.style] ?? PLAIN;
      return format.date || format.time ? serialToText(n, format, ctx.date1904) : String(n);
    }
  }
}
