import type { Readable } from 'node:stream';
import { compareContractTexts, contractComparisonViewSchema, type ContractComparisonView } from '@sede/shared/legal/diff';
import { applyAnalysisSchema, compareQuerySchema, contractAnalysisListSchema, contractAnalysisViewSchema, contractCreateSchema, contractListQuerySchema, contractListSchema, contractUpdateSchema, contractViewSchema, LEGAL_MESSAGES as M, startAnalysisSchema, type ContractAnalysisResult } from '@sede/shared/legal/schemas';
import { FILE_KINDS } from '@sede/shared/platform/files';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { contract, idParams } from '../../http/contract.ts';
import { recordRoutes } from '../../http/record-routes.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { getAnalysis, listAnalyses, readMaterial, startFileAnalysis } from '../../platform/analysis/index.ts';
import { storageFromConfig } from '../../platform/files/storage.ts';
import type { Services, Tenant} from '../../services.ts';
import { entityFileRow } from '../files/public.ts';
import { applyContractAnalysis } from './analysis.ts';
import { CONTRACT_ENTITY, createContract, deleteContract, getContract, listContracts, updateContract } from './contracts.ts';

const contractId = idParams(M.contractNotFound);

/** A file attached to this contract (platform files, entity 'contract'); anything else is 404. */
async function contractFile(tenant: Tenant, contractId: string, fileId: string) {
  const file = await entityFileRow(tenant, fileId, CONTRACT_ENTITY, contractId);
  if (!file) throw notFound(M.fileNotFound);
  return file;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > FILE_KINDS.document.maxBytes) throw badRequest('Arquivo grande demais para comparar.', 'FILE_TOO_LARGE');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Jurídico's API (/api/juridico): the contract register, its analyses and version comparison. */
export function legalRoutes(s: Services) {
  const r = areaRouter(s, 'legal.read');

  r.get('/contracts', contract({ summary: 'Listar contratos', query: contractListQuerySchema, response: contractListSchema }), async (c) =>
    c.json({ contracts: await listContracts(tenant(c), c.req.valid('query')) }),
  );
  recordRoutes(r, '/contracts', contractId, contractViewSchema, {
    create: { summary: 'Cadastrar contrato', guard: requirePermission('legal.write'), body: contractCreateSchema, run: (t, input) => createContract(s, t, input) },
    read: { summary: 'Ver contrato', run: getContract },
    update: { summary: 'Alterar contrato', guard: requirePermission('legal.write'), body: contractUpdateSchema, run: (t, id, input) => updateContract(s, t, id, input) },
    remove: { summary: 'Excluir contrato', guard: requirePermission('legal.delete'), run: deleteContract },
  });

  // ---- analyses (ai.contract_analysis) ----
  r.get('/contracts/:id/analyses', contract({ summary: 'Listar análises do contrato', params: contractId, response: contractAnalysisListSchema }), async (c) => {
    const found = await getContract(tenant(c), c.req.valid('param').id);
    return c.json({ analyses: await listAnalyses<ContractAnalysisResult>(tenant(c), 'contract', found.id) });
  });
  const analyse = contract({ summary: 'Analisar contrato com IA', params: contractId, body: startAnalysisSchema, response: contractAnalysisViewSchema, status: 202 });
  r.post('/contracts/:id/analyses', requirePermission('legal.ai'), analyse, async (c) => {
    const found = await getContract(tenant(c), c.req.valid('param').id);
    const { fileId } = c.req.valid('json');
    return c.json(await startFileAnalysis(s, tenant(c), c.req.raw.headers, { kind: 'contract', subjectId: found.id, fileId }, { file: () => contractFile(tenant(c), found.id, fileId) }), 202);
  });
  // A malformed analysis id has always answered the contract's 404 message here.
  r.get('/analyses/:id', contract({ summary: 'Ver análise de contrato', params: contractId, response: contractAnalysisViewSchema }), async (c) =>
    c.json(await getAnalysis<ContractAnalysisResult>(tenant(c), 'contract', c.req.valid('param').id, M.analysisNotFound)),
  );
  r.post(
    '/analyses/:id/apply',
    requirePermission('legal.write'),
    contract({ summary: 'Aplicar campos da análise ao contrato', params: contractId, body: applyAnalysisSchema, response: contractViewSchema }),
    async (c) => c.json(await applyContractAnalysis(s, tenant(c), c.req.valid('param').id, c.req.valid('json').fields)),
  );

  // ---- comparing two versions (two files of the contract) ----
  const compare = contract({ summary: 'Comparar duas versões do contrato', params: contractId, query: compareQuerySchema, response: contractComparisonViewSchema });
  r.get('/contracts/:id/compare', compare, async (c) => {
    const found = await getContract(tenant(c), c.req.valid('param').id);
    const q = c.req.valid('query');
    const storage = storageFromConfig(s.cfg);
    const texts = await Promise.all(
      [q.a, q.b].map(async (fileId) => {
        const file = await contractFile(tenant(c), found.id, fileId);
        const stream = await storage.get(file.storageKey);
        if (!stream) throw notFound(M.fileNotFound);
        const material = await readMaterial({ bytes: await readAll(stream), mime: file.mime, name: file.name });
        return { id: file.id, name: file.name, text: material.text };
      }),
    );
    const [a, b] = texts as [(typeof texts)[number], (typeof texts)[number]];
    return c.json({ a: { id: a.id, name: a.name }, b: { id: b.id, name: b.name }, ...compareContractTexts(a.text, b.text) } satisfies ContractComparisonView);
  });

  return r;
}
