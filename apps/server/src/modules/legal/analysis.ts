import { isValidCnpj } from '@sede/shared/cnpj';
import { isValidCpf } from '@sede/shared/cpf';
import { contractAnalysisSchema, contractUpdateSchema, LEGAL_MESSAGES as M, type applyAnalysisSchema, type ContractAnalysisAnswer, type ContractAnalysisResult } from '@sede/shared/legal/schemas';
import type { z } from 'zod';
import { conflict, parseWith } from '../../http/errors.ts';
import { generateStructured } from '../../platform/ai/index.ts';
import { contractAnalysisV1 } from '../../platform/ai/prompts/index.ts';
import { getAnalysis, locateQuote, type AnalysisKindDefinition, type Material } from '../../platform/analysis/index.ts';
import type { Services, Tenant } from '../../services.ts';
import { getContract, updateContract } from './contracts.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const saneDate = (v: string | null) => (v && DATE.test(v) && v >= '2000-01-01' && v <= '2100-12-31' && !Number.isNaN(Date.parse(v)) ? v : null);
const saneCents = (v: number | null) => (v !== null && Number.isInteger(v) && v >= 0 && v <= 100_000_000_000 ? v : null);

/** A document (CNPJ/CPF) the model read is kept only when its check digits hold. */
function cleanDocument(v: string | null): string | null {
  const d = (v ?? '').replace(/\D/g, '');
  if (d.length === 14 && isValidCnpj(d)) return d;
  if (d.length === 11 && isValidCpf(d)) return d;
  return null;
}

/** The model's answer made safe to show and to fill the register with; each quote placed in the source. */
export function cleanContractAnalysis(raw: ContractAnalysisAnswer, material: Pick<Material, 'text' | 'pages' | 'format'>): ContractAnalysisResult {
  const start = saneDate(raw.fields.startDate);
  let end = saneDate(raw.fields.endDate);
  if (start && end && end < start) end = null;
  const notice = raw.fields.noticePeriodDays;
  return {
    summary: raw.summary.trim(),
    parties: raw.parties.map((p) => ({ name: p.name.trim(), role: p.role.trim(), document: cleanDocument(p.document) })),
    obligations: raw.obligations.filter((o) => o.items.length > 0),
    keyDates: raw.keyDates.map((d) => ({ ...d, date: saneDate(d.date) })),
    amounts: raw.amounts.map((a) => ({ ...a, amountCents: saneCents(a.amountCents) })),
    fields: {
      object: raw.fields.object?.trim().slice(0, 2000) || null,
      valueCents: saneCents(raw.fields.valueCents),
      startDate: start,
      endDate: end,
      automaticRenewal: raw.fields.automaticRenewal,
      noticePeriodDays: notice !== null && Number.isInteger(notice) && notice >= 0 && notice <= 3650 ? notice : null,
      readjustmentIndex: raw.fields.readjustmentIndex,
    },
    riskyClauses: raw.riskyClauses.map((c) => ({ ...c, ...locateQuote(material, c.quote) })),
    missingClauses: raw.missingClauses,
    suggestions: raw.suggestions,
    source: { format: material.format, pages: material.pages?.length ?? null, characters: material.text.length },
    promptId: contractAnalysisV1.id,
  };
}

/** 'contract' analyses: ai.contract_analysis on the contract's file. */
export const contractAnalysisKind: AnalysisKindDefinition = {
  kind: 'contract',
  subjectType: 'contract',
  action: 'ai.contract_analysis',
  analyze: async ({ s, tenant, creds, material, fileName, subjectId }) => {
    const contract = await getContract(tenant, subjectId);
    const out = await generateStructured(s, creds, {
      prompt: contractAnalysisV1,
      input: { fileName, title: contract.title, text: material.text },
      schema: contractAnalysisSchema,
      maxTokens: 6000,
    });
    return cleanContractAnalysis(out.data, material);
  },
};

/** Copies the chosen fields of a done analysis into the register (the person confirmed them). */
export async function applyContractAnalysis(s: Services, tenant: Tenant, analysisId: string, fields: z.output<typeof applyAnalysisSchema>['fields']) {
  const analysis = await getAnalysis<ContractAnalysisResult>(tenant, 'contract', analysisId, M.analysisNotFound);
  if (analysis.status !== 'done' || !analysis.result) throw conflict(M.analysisNotDone, 'ANALYSIS_NOT_DONE');
  const found = analysis.result.fields;
  const patch: Record<string, unknown> = {};
  for (const f of fields) if (found[f] !== null) patch[f] = found[f];
  return updateContract(s, tenant, analysis.subjectId, parseWith(contractUpdateSchema, patch));
}
