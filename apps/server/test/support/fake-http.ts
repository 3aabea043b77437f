import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the small fakes of outside services share: a request's body, as bytes or JSON, and a JSON answer. */
export const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export const readJson = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
  const raw = await readBody(req);
  return raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
};

export const replyJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
  return true;
};
