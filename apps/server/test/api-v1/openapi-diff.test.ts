import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the scripts, without types
import { breakingChanges } from '../../../../scripts/lib/openapi-diff.mjs';
import { offlinePublicApiDocument } from '../../src/modules/api-v1/offline.ts';

type Doc = { paths: Record<string, Record<string, any>> };
const clone = <T>(v: T): T => structuredClone(v);
const bodyOf = (doc: Doc, path: string, method: string) => doc.paths[path]![method].requestBody.content['application/json'].schema;
const answerOf = (doc: Doc, path: string, method: string, status: string) => doc.paths[path]![method].responses[status].content['application/json'].schema;

describe('the public API document’s breaking-change check', async () => {
  const base = (await offlinePublicApiDocument()) as unknown as Doc;

  it('finds nothing between a document and itself, nor in an addition', () => {
    expect(breakingChanges(base, clone(base))).toEqual([]);
    const added = clone(base);
    added.paths['/api/v1/novidade'] = { get: { responses: { 200: { description: 'OK' } } } };
    answerOf(added, '/api/v1/deals/{id}', 'get', '200').properties.extra = { type: 'string' };
    bodyOf(added, '/api/v1/deals', 'post').properties.opcional = { type: 'string' };
    expect(breakingChanges(base, added)).toEqual([]);
  });

  it('finds a removed operation, a field gone from an answer, a new required field, a changed type, a lost enum value', () => {
    const broken = clone(base);
    delete broken.paths['/api/v1/people/{id}']!.patch;
    delete answerOf(broken, '/api/v1/deals/{id}', 'get', '200').properties.title;
    bodyOf(broken, '/api/v1/people', 'post').required.push('cpf');
    answerOf(broken, '/api/v1/pipelines/{id}', 'get', '200').properties.position = { type: 'string' };
    const status = broken.paths['/api/v1/deals']!.get.parameters.find((p: { name: string }) => p.name === 'status');
    status.schema.enum = status.schema.enum.filter((v: string) => v !== 'lost');
    expect(breakingChanges(base, broken)).toEqual(
      expect.arrayContaining([
        'PATCH /api/v1/people/{id}: a operação saiu',
        'GET /api/v1/deals/{id} 200.title: saiu da resposta',
        'POST /api/v1/people corpo.cpf: passou a ser obrigatório',
        'GET /api/v1/pipelines/{id} 200.position: o tipo mudou de number para string',
        'GET /api/v1/deals query status: deixou de aceitar "lost"',
      ]),
    );
  });
});
