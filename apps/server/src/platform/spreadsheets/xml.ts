import { SaxesParser } from 'saxes';
import { unreadable, SpreadsheetError } from './errors.ts';

export type Attributes = Record<string, string>;
export type XmlHandlers = {
  open?: (name: string, attrs: Attributes) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
};

/** `x:row` and `row` are the same element (some writers prefix SpreadsheetML's namespace). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Streams an XML part through saxes, element by element, with local names. saxes expands no
 * entities of a DTD (no "billion laughs"); a malformed part is unreadable. A handler may throw
 * to stop the reading (a cap).
 */
export async function parseXml(chunks: AsyncIterable<string>, h: XmlHandlers): Promise<void> {
  const parser = new SaxesParser();
  let failed = false;
  parser.on('error', () => {
    failed = true;
  });
  if (h.open) parser.on('opentag', (t) => h.open!(local(t.name), t.attributes as Attributes));
  if (h.close) parser.on('closetag', (t) => h.close!(local(t.name)));
  if (h.text) {
    parser.on('text', h.text);
    parser.on('cdata', h.text);
  }
  try {
    for await (const chunk of chunks) {
      parser.write(chunk);
      if (failed) throw unreadable();
    }
    parser.close();
  } catch (e) {
    if (e instanceof SpreadsheetError) throw e;
    throw unreadable();
  }
  if (failed) throw unreadable();
}
