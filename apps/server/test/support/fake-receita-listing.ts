import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * The Receita Federal's file server, faked on 127.0.0.1: `<prefix>` lists the `YYYY-MM/`
 * folders found in `dir` (an Apache-style index, like `dados_abertos_cnpj/`), and
 * `<prefix>YYYY-MM/<Name>.zip` serves that folder's file. Folders are read on every request,
 * so a test adds a month by writing it (`npm run receita:generate`'s generator).
 */
export type ReceitaListingOptions = {
  dir: string;
  /** The listing's path, with its slashes (default `/dados/`). */
  prefix?: string;
  /** Wait before each file (ms): a download slow enough to watch. */
  delayMs?: number;
};

export type ReceitaListingHandler = {
  /** Answers the request when it is the listing's; false otherwise (another handler's turn). */
  handle: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Paths asked, in order. */
  requests: string[];
  /** 'drop': every request's connection is closed unanswered (a server that does not respond). */
  mode: 'normal' | 'drop';
};

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function receitaListingHandler(opts: ReceitaListingOptions): ReceitaListingHandler {
  const prefix = opts.prefix ?? '/dados/';
  const self: ReceitaListingHandler = {
    requests: [],
    mode: 'normal',
    handle(req, res) {
      const { pathname } = new URL(req.url ?? '/', 'http://fake');
      if (!pathname.startsWith(prefix)) return false;
      self.requests.push(pathname);
      if (self.mode === 'drop') {
        req.socket.destroy();
        return true;
      }
      if (pathname === prefix) {
        const months = fs.existsSync(opts.dir) ? fs.readdirSync(opts.dir).filter((m) => MONTH.test(m)).sort() : [];
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(`<html><body><h1>Index of ${prefix}</h1><a href="../">../</a>\n${months.map((m) => `<a href="${m}/">${m}/</a>`).join('\n')}\n<a href="temp/">temp/</a></body></html>`);
        return true;
      }
      const m = /^(\d{4}-\d{2})\/([A-Za-z0-9]+\.zip)$/.exec(pathname.slice(prefix.length));
      const file = m && MONTH.test(m[1]!) ? path.join(opts.dir, m[1]!, m[2]!) : null;
      if (!file || !fs.existsSync(file)) {
        res.statusCode = 404;
        res.end('not found');
        return true;
      }
      setTimeout(() => {
        res.setHeader('content-type', 'application/zip');
        fs.createReadStream(file).pipe(res);
      }, opts.delayMs ?? 0);
      return true;
    },
  };
  return self;
}

/** A server of its own for the listing: `url` is the listing's address. */
export async function startFakeReceitaListing(opts: ReceitaListingOptions) {
  const handler = receitaListingHandler(opts);
  const server = http.createServer((req, res) => {
    if (!handler.handle(req, res)) {
      res.statusCode = 404;
      res.end('not found');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${opts.prefix ?? '/dados/'}`;
  return {
    url,
    handler,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
