import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { NFSE_MESSAGES as M, type NfseInvoice, type NfseRejection, type NfseSettings } from '@sede/shared/finance/nfse';
import { CERTIFICATE_MESSAGES } from '@sede/shared/platform/certificates';
import { AppError, conflict } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { companyCertificate, type CompanyCertificate } from '../../platform/certificates/store.ts';
import { signXml } from '../../platform/certificates/xml-signature.ts';
import { announce } from '../../platform/live/announce.ts';
import { tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { getEntry } from '../finance/public.ts';
import { storeExternalFile } from '../files/public.ts';
import { getOrganization, getPerson } from '../parties/public.ts';
import { danfsePdf } from './danfse.ts';
import { buildDps, type DpsInput } from './dps.ts';
import { latestInvoiceRow, NFSE_INVOICE, toInvoice } from './invoices.ts';
import { callSefin, gunzipB64, gzipB64 } from './sefin.ts';
import { getNfseSettings } from './settings.ts';

const I = schema.nfseInvoices;
const N = schema.nfseCounters;
const FIN_ENTRY = 'fin_entry';

export const rejected = (message: string, rejections: NfseRejection[]) => new AppError(400, 'NFSE_REJECTED', message, { rejections });
export const unavailable = () => new AppError(503, 'NFSE_UNAVAILABLE', M.unavailable);

/** The settings and a valid certificate, or a 409 saying which is missing. */
export async function readyToSend(s: Services, tenant: Tenant): Promise<{ settings: NfseSettings; cert: CompanyCertificate }> {
  const settings = await getNfseSettings(tenant);
  if (!settings) throw conflict(M.notConfigured, 'NFSE_NOT_CONFIGURED');
  const cert = await companyCertificate(s, tenant);
  if (!cert) throw conflict(CERTIFICATE_MESSAGES.missing, 'CERTIFICATE_MISSING');
  if (cert.notAfter.getTime() < s.clock.now()) throw conflict(M.certificateExpired, 'CERTIFICATE_EXPIRED');
  return { settings, cert };
}

async function takerOf(tenant: Tenant, entry: { organizationId: string | null; personId: string | null }): Promise<DpsInput['taker']> {
  if (entry.organizationId) {
    const o = await getOrganization(tenant, entry.organizationId);
    if (!o.cnpj) throw conflict(M.customerNoDocument, 'NFSE_CUSTOMER');
    return { document: o.cnpj.replace(/\D/g, ''), name: o.razaoSocial, email: o.email };
  }
  if (entry.personId) {
    const p = await getPerson(tenant, entry.personId);
    if (!p.cpf) throw conflict(M.customerNoDocument, 'NFSE_CUSTOMER');
    return { document: p.cpf.replace(/\D/g, ''), name: p.name, email: p.emails[0] ?? null };
  }
  throw conflict(M.noCustomer, 'NFSE_CUSTOMER');
}

/** The next number of the company's serie, its counter row locked until the transaction ends (decision 0542). */
async function lockNextNumber(db: DbOrTx, companyId: string, serie: string): Promise<number> {
  await db.insert(N).values({ companyId, serie }).onConflictDoNothing();
  const { rows } = await db.execute<{ next_number: number }>(sql`select next_number from nfse_counters where company_id = ${companyId} and serie = ${serie} for update`);
  return rows[0]!.next_number;
}

const storeBytes = (s: Services, db: DbOrTx, tenant: Tenant, invoiceId: string, name: string, bytes: Buffer) =>
  storeExternalFile(s, { db: db as Tenant['db'], companyId: tenant.companyId }, { entityType: NFSE_INVOICE, entityId: invoiceId, kind: 'document', name, body: new Blob([new Uint8Array(bytes)]).stream(), declaredLength: bytes.length });

const withProlog = (xml: string) => (xml.startsWith('<?xml') ? xml : `<?xml version="1.0" encoding="UTF-8"?>${xml}`);

type SefinIssued = { chaveAcesso?: unknown; nfseXmlGZipB64?: unknown };

/**
 * Issues the NFS-e of a receivable (decisions 0542–0544): in one transaction the serie's counter
 * is locked, the DPS built with the next number, signed and sent; only an authorised answer
 * moves the counter and stores the note with its XML and DANFSe. A refusal or a silent authority
 * rolls everything back: no number used, nothing half-issued.
 */
export async function issueInvoice(s: Services, tenant: Tenant, entryId: string, input: { serviceCode?: string; description?: string }): Promise<NfseInvoice> {
  const entry = await getEntry(tenant, entryId);
  if (entry.kind !== 'receivable') throw conflict(M.notReceivable, 'NFSE_NOT_RECEIVABLE');
  if (entry.status === 'cancelled') throw conflict(M.entryCancelled, 'NFSE_ENTRY_CANCELLED');
  if (entry.amountCents <= 0) throw conflict(M.zeroAmount, 'NFSE_ZERO');
  const { settings, cert } = await readyToSend(s, tenant);
  const service = input.serviceCode ? settings.services.find((x) => x.code === input.serviceCode) : settings.services[0];
  if (!service) throw conflict(M.unknownService, 'NFSE_SERVICE');
  const taker = await takerOf(tenant, entry);
  const [company] = await tenant.db.select({ name: schema.companies.name, cnpj: schema.companies.cnpj }).from(schema.companies).where(eq(schema.companies.id, tenant.companyId));
  const provider = { cnpj: company!.cnpj.replace(/\D/g, ''), municipalRegistration: settings.municipalRegistration, regime: settings.regime };
  const description = input.description ?? entry.description;

  return tenantTransaction(tenant, async ({ db }) => {
    const number = await lockNextNumber(db, tenant.companyId, settings.serie);
    if ((await latestInvoiceRow(db, tenant, entryId))?.status === 'authorized') throw conflict(M.alreadyIssued, 'NFSE_ALREADY_ISSUED');
    const issuedAt = new Date(s.clock.now());
    const dps = buildDps({
      environment: settings.environment,
      issuedAt,
      competence: entry.competenceDate,
      serie: settings.serie,
      number,
      municipalityCode: settings.municipalityCode,
      provider,
      taker,
      service: { code: service.code, description, issRate: service.issRate },
      amountCents: entry.amountCents,
      ibsCbs: settings.ibsCbsCst && settings.ibsCbsClassification ? { cst: settings.ibsCbsCst, classification: settings.ibsCbsClassification } : null,
    });
    const signed = signXml(dps.xml, cert, { signed: 'infDPS', into: 'DPS' });
    const answer = await callSefin<SefinIssued>(s, cert, settings.environment, '/nfse', { dpsXmlGZipB64: gzipB64(signed) });
    if (!answer.ok) throw 'rejections' in answer ? rejected(M.rejected, answer.rejections) : unavailable();
    const accessKey = String(answer.value.chaveAcesso ?? '');
    if (!/^\d{50}$/.test(accessKey) || typeof answer.value.nfseXmlGZipB64 !== 'string') throw unavailable();
    const nfseXml = withProlog(gunzipB64(answer.value.nfseXmlGZipB64));

    await db.update(N).set({ nextNumber: number + 1 }).where(and(eq(N.companyId, tenant.companyId), eq(N.serie, settings.serie)));
    const id = randomUUID();
    const pdf = await danfsePdf({
      environment: settings.environment,
      accessKey,
      serie: settings.serie,
      number,
      issuedAt,
      competence: entry.competenceDate,
      provider: { name: company!.name, cnpj: provider.cnpj, municipalRegistration: provider.municipalRegistration },
      taker,
      service: { code: service.code, description, issRate: service.issRate },
      amountCents: entry.amountCents,
    });
    const xmlFile = await storeBytes(s, db, tenant, id, `nfse-${accessKey}.xml`, Buffer.from(nfseXml, 'utf8'));
    const pdfFile = await storeBytes(s, db, tenant, id, `danfse-${number}.pdf`, pdf);
    const [row] = await db
      .insert(I)
      .values({
        id,
        companyId: tenant.companyId,
        entryId,
        environment: settings.environment,
        serie: settings.serie,
        number,
        dpsId: dps.id,
        accessKey,
        serviceCode: service.code,
        amountCents: entry.amountCents,
        xmlFileId: xmlFile.id,
        pdfFileId: pdfFile.id,
        issuedBy: tenant.actorId || null,
        issuedAt,
      })
      .returning();
    await logAudit(db, tenant, { action: 'nfse_issued', entity: NFSE_INVOICE, id, details: { number, serie: settings.serie, environment: settings.environment } });
    await announce(db, { companyId: tenant.companyId, entity: FIN_ENTRY, id: entryId, action: 'updated' });
    return toInvoice(row!);
  });
}
