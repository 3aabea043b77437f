import type { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { schema } from '@sede/db/client';
import { compareContractTexts, type ContractComparisonView } from '@sede/shared/juridico/diff';
import {
  applyAnalysisSchema,
  compareQuerySchema,
  contractCreateSchema,
  contractListQuerySchema,
  contractUpdateSchema,
  idSchema,
  JURIDICO_MESSAGES as M,
  startAnalysisSchema,
  type ContractAnalysisResult,
} from '@sede/shared/juridico/schemas';
import { FILE_KINDS } from '@sede/shared/platform/files';
import { areaRouter } from '../../http/area-router.ts';
import { badRequest, conflict, notFound, parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { requireAiCredentials } from '../../platform/ai/index.ts';
import { getAnalysis, listAnalyses, readMaterial, startAnalysis } from '../../platform/analysis/index.ts';
import { storageFromConfig } from '../../platform/files/storage.ts';
import type { CompanyEnv, Services, Tenant } from '../../services.ts';
import { CONTRACT_ENTITY, createContract, deleteContract, getContract, listContracts, updateContract } from './contracts.ts';

const { files: F } = schema;

/** A file attached to this contract (platform files, entity 'contract'); anything else is 404. */
async function contractFile(tenant: Tenant, contractId: string, fileId: string) {
  const [file] = await tenant.db
    .select()
    .from(F)
    .where(and(eq(F.id, fileId), eq(F.companyId, tenant.companyId), eq(F.entityType, CONTRACT_ENTITY), eq(F.entityId, contractId), isNull(F.deletedAt)));
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
export function juridicoRoutes(s: Services) {
  const r = areaRouter(s, 'juridico.read');
  const tenant = (c: Context<CompanyEnv>) => c.get('tenant');
  const id = (c: Context<CompanyEnv>, name = 'id') => {
    const parsed = idSchema.safeParse(c.req.param(name));
    if (!parsed.success) throw notFound(M.contractNotFound);
    return parsed.data;
  };

  r.get('/contracts', async (c) => c.json({ contracts: await listContracts(tenant(c), parseWith(contractListQuerySchema, c.req.query())) }));
  r.post('/contracts', requirePermission('juridico.write'), async (c) =>
    c.json(await createContract(s, tenant(c), parseWith(contractCreateSchema, await readJson(c))), 201),
  );
  r.get('/contracts/:id', async (c) => c.json(await getContract(tenant(c), id(c))));
  r.patch('/contracts/:id', requirePermission('juridico.write'), async (c) =>
    c.json(await updateContract(s, tenant(c), id(c), parseWith(contractUpdateSchema, await readJson(c)))),
  );
  r.delete('/contracts/:id', requirePermission('juridico.delete'), async (c) => {
    await deleteContract(tenant(c), id(c));
    return c.json({ success: true });
  });

  // ---- analyses (ai.contract_analysis) ----
  r.get('/contracts/:id/analyses', async (c) => {
    const contract = await getContract(tenant(c), id(c));
    return c.json({ analyses: await listAnalyses<ContractAnalysisResult>(tenant(c), 'contract', contract.id) });
  });
  r.post('/contracts/:id/analyses', requirePermission('juridico.ai'), async (c) => {
    const contract = await getContract(tenant(c), id(c));
    const { fileId } = parseWith(startAnalysisSchema, await readJson(c));
    await contractFile(tenant(c), contract.id, fileId);
    const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
    const analysis = await startAnalysis(s, tenant(c), { kind: 'contract', subjectId: contract.id, fileId, creds });
    return c.json(analysis, 202);
  });
  r.get('/analyses/:id', async (c) => c.json(await getAnalysis<ContractAnalysisResult>(tenant(c), 'contract', id(c), M.analysisNotFound)));
  /** Copies the chosen fields of a done analysis into the register (the person confirmed them). */
  r.post('/analyses/:id/apply', requirePermission('juridico.write'), async (c) => {
    const analysis = await getAnalysis<ContractAnalysisResult>(tenant(c), 'contract', id(c), M.analysisNotFound);
    const { fields } = parseWith(applyAnalysisSchema, await readJson(c));
    if (analysis.status !== 'done' || !analysis.result) throw conflict(M.analysisNotDone, 'ANALYSIS_NOT_DONE');
    const found = analysis.result.fields;
    const patch: Record<string, unknown> = {};
    for (const f of fields) if (found[f] !== null) patch[f] = found[f];
    return c.json(await updateContract(s, tenant(c), analysis.subjectId, parseWith(contractUpdateSchema, patch)));
  });

  // ---- comparing two versions (two files of the contract) ----
  r.get('/contracts/:id/compare', async (c) => {
    const contract = await getContract(tenant(c), id(c));
    const q = parseWith(compareQuerySchema, c.req.query());
    const storage = storageFromConfig(s.cfg);
    const texts = await Promise.all(
      [q.a, q.b].map(async (fileId) => {
        const file = await contractFile(tenant(c), contract.id, fileId);
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
