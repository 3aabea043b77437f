import { and, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { CERTIFICATE_MESSAGES as M, type CompanyCertificateInfo } from '@sede/shared/platform/certificates';
import { cnpj as formatCnpj, day } from '@sede/shared/format';
import { AppError, badRequest } from '../../http/errors.ts';
import { decryptSecret, encryptSecret } from '../secret-box.ts';
import type { Services, Tenant } from '../../services.ts';
import { type OpenedCertificate, openPfx, PfxError } from './pfx.ts';
import { upsertCompanyRow } from '../company-row.ts';

const C = schema.companyCertificates;
const DAY_MS = 86_400_000;

/** What a module signs with (NFS-e, sealed PDFs) and what it hands to TLS: the key, the chain, the PFX itself. */
export type CompanyCertificate = OpenedCertificate & { pfx: Buffer; password: string; info: CompanyCertificateInfo };

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

const infoOf = (row: typeof C.$inferSelect, now: number): CompanyCertificateInfo => ({
  subject: row.subject,
  cnpj: row.cnpj,
  issuer: row.issuer,
  serialNumber: row.serialNumber,
  notBefore: row.notBefore.toISOString(),
  notAfter: row.notAfter.toISOString(),
  daysLeft: Math.floor((row.notAfter.getTime() - now) / DAY_MS),
  uploadedAt: row.uploadedAt.toISOString(),
});

/**
 * Opens a PFX and checks it belongs here (decision 0540): the password opens it, it is valid
 * today, and it is an e-CNPJ of this company (same CNPJ root: a branch's certificate of the same
 * company is accepted, another company's is refused). Throws a 400 with what to do.
 */
export function checkCertificate(bytes: Uint8Array, password: string, company: { cnpj: string; name: string }, now: number): OpenedCertificate {
  let opened: OpenedCertificate;
  try {
    opened = openPfx(bytes, password);
  } catch (err) {
    if (!(err instanceof PfxError)) throw err;
    throw badRequest(err.reason === 'password' ? M.wrongPassword : err.reason === 'no-key' ? M.noKey : M.unreadable, 'CERTIFICATE_INVALID');
  }
  if (opened.notAfter.getTime() < now) throw badRequest(M.expired(day(isoDay(opened.notAfter))), 'CERTIFICATE_EXPIRED');
  if (opened.notBefore.getTime() > now) throw badRequest(M.notYetValid(day(isoDay(opened.notBefore))), 'CERTIFICATE_INVALID');
  if (!opened.cnpj) throw badRequest(M.notCnpj, 'CERTIFICATE_NOT_CNPJ');
  if (opened.cnpj.slice(0, 8) !== company.cnpj.replace(/\D/g, '').slice(0, 8)) throw badRequest(M.otherCompany(formatCnpj(opened.cnpj), company.name), 'CERTIFICATE_OTHER_COMPANY');
  return opened;
}

/** Stores the company's certificate (replacing the previous one), encrypted; answers what people see of it. */
export async function saveCompanyCertificate(s: Services, tenant: Tenant, bytes: Uint8Array, password: string): Promise<CompanyCertificateInfo> {
  const [company] = await tenant.db.select({ cnpj: schema.companies.cnpj, name: schema.companies.name }).from(schema.companies).where(eq(schema.companies.id, tenant.companyId));
  if (!company) throw new AppError(404, 'NOT_FOUND', 'Empresa não encontrada.');
  const now = s.clock.now();
  const opened = checkCertificate(bytes, password, company, now);
  const values = {
    pfxEncrypted: encryptSecret(s, Buffer.from(bytes).toString('base64')),
    passwordEncrypted: encryptSecret(s, password),
    subject: opened.subject,
    cnpj: opened.cnpj!,
    issuer: opened.issuer,
    serialNumber: opened.serialNumber,
    notBefore: opened.notBefore,
    notAfter: opened.notAfter,
    expiryNotifiedAt: null,
    uploadedBy: tenant.actorId || null,
    uploadedAt: new Date(now),
  };
  const [row] = await upsertCompanyRow(tenant.db, C, tenant.companyId, values).returning();
  return infoOf(row!, now);
}

export async function companyCertificateInfo(s: Services, tenant: Pick<Tenant, 'db' | 'companyId'>): Promise<CompanyCertificateInfo | null> {
  const [row] = await tenant.db.select().from(C).where(eq(C.companyId, tenant.companyId));
  return row ? infoOf(row, s.clock.now()) : null;
}

export async function removeCompanyCertificate(tenant: Pick<Tenant, 'db' | 'companyId'>): Promise<boolean> {
  const rows = await tenant.db.delete(C).where(and(eq(C.companyId, tenant.companyId))).returning({ id: C.id });
  return rows.length > 0;
}

/**
 * The company's certificate ready to sign with (key + chain as PEM, and the PFX for mTLS), or
 * null when it has none. Other modules reach it through this one function.
 */
export async function companyCertificate(s: Services, tenant: Pick<Tenant, 'db' | 'companyId'>): Promise<CompanyCertificate | null> {
  const [row] = await tenant.db.select().from(C).where(eq(C.companyId, tenant.companyId));
  if (!row) return null;
  const pfx = Buffer.from(decryptSecret(s, row.pfxEncrypted), 'base64');
  const password = decryptSecret(s, row.passwordEncrypted);
  return { ...openPfx(pfx, password), pfx, password, info: infoOf(row, s.clock.now()) };
}
