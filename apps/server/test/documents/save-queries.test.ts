import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocContent, DocumentVersionView, DocumentView } from '@sede/shared/documents/schemas';
import { recordStatements, type SeenStatements } from '../support/statements.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, type Person } from '../team/support.ts';

/**
 * What saving a long document costs the database (bench row 'documents: save a 50-page document
 * p95'): the statements of one PUT /content, counted on the server's pool. The save never reads the
 * document's content or text back into the server (a 50-page one is ~370 KB of JSON and text a
 * save would fetch and parse for nothing); the version kept every 10 minutes is copied inside
 * PostgreSQL.
 */
let server: TestServer;
let ana: Person;
const seen: SeenStatements = { on: false, statements: [] };

type Res<T> = { status: number; body: T & { error?: string; code?: string } };
async function call<T = unknown>(path: string, who: Person, method = 'GET', json?: unknown): Promise<Res<T>> {
  const res = await server.request(`/api/documents${path}`, { method, json, jar: who.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Res<T>['body'] };
}
const pages = (round: number): DocContent => ({
  type: 'doc',
  content: Array.from({ length: 120 }, (_, i) => ({ type: 'paragraph', content: [{ type: 'text', text: `Parágrafo ${i} da revisão ${round}: ${'o procedimento de abertura da loja '.repeat(6)}` }] })),
});
/** The document's own statements among the request's (support/statements.ts counts no job's, such as a long text's search row 2 s later): the session's and the rate limits' are the router's. */
const documents = (texts: string[]) => texts.filter((t) => /document|^\s*(BEGIN|COMMIT)|pg_notify/i.test(t) && !/rate_limits|"session"|document_search|pgboss/.test(t));

beforeAll(async () => {
  server = await startTestServer();
  const { companyId } = await createCompanyWithAdmin(server, 'Documentos Longos Ltda');
  ana = await memberOf(server, companyId, 'vendas');
  recordStatements(server, seen);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('saving a long document', () => {
  it('reads no content back, keeps the version of what it replaced, and counts its statements', async () => {
    const created = await call<DocumentView>('', ana, 'POST', { title: 'Manual longo', visibility: 'empresa', content: pages(0) });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const save = async (round: number, revision: number) => {
      seen.statements = [];
      seen.on = true;
      const res = await call<{ revision: number }>(`/${id}/content`, ana, 'PUT', { content: pages(round), revision });
      seen.on = false;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { revision: res.body.revision, texts: documents(seen.statements.map((s) => s.text)) };
    };
    const first = await save(1, 0);
    const second = await save(2, first.revision);
    // Only the first save in 10 minutes keeps a version: of revision 0, as it was before the save.
    const { versions } = (await call<{ versions: DocumentVersionView[] }>(`/${id}/versions`, ana)).body;
    expect(versions.map((v) => v.reason)).toEqual(['auto']);
    const kept = await call<{ content: DocContent }>(`/${id}/versions/${versions[0]!.id}`, ana);
    expect(kept.body.content).toEqual(pages(0));
    for (const { texts } of [first, second]) {
      // Nothing selects the document's row whole, nor its content or text.
      expect(texts.filter((t) => /^\s*select/i.test(t) && /from "documents"/i.test(t) && /"content"|"content_text"|"documents"\.\*|select \*/i.test(t))).toEqual([]);
    }
    // BEGIN, the version (copied only when due), the UPDATE, the shared state's reset, COMMIT, and one NOTIFY after (8 before, one of them the whole row).
    expect(first.texts.length, first.texts.join('\n')).toBeLessThanOrEqual(6);
    expect(second.texts.length, second.texts.join('\n')).toBeLessThanOrEqual(6);
    // A stale save is still refused, and one of a document not visible is still 404.
    expect((await call(`/${id}/content`, ana, 'PUT', { content: pages(9), revision: 0 })).status).toBe(409);
    expect((await call(`/00000000-0000-4000-8000-000000000000/content`, ana, 'PUT', { content: pages(9), revision: 0 })).status).toBe(404);
  });
});
