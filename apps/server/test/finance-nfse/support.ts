import { randomCnpj } from '../support/seed.ts';
import type { TestServer } from '../support/test-server.ts';
import { makeA1, type TestCertificate } from '../support/test-certificates.ts';
import { sql, type Person } from '../team/support.ts';

export const companyCnpj = async (server: TestServer, companyId: string) => (await sql(server, 'select cnpj from companies where id = $1', [companyId]))[0]!.cnpj as string;

/** Sends a PFX as the web does (multipart: file + password). */
export async function uploadCertificate(server: TestServer, who: Person, cert: { pfx: Buffer; password: string }, name = 'empresa.pfx') {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(cert.pfx)], name, { type: 'application/x-pkcs12' }));
  form.set('password', cert.password);
  const res = await server.request('/api/finance/nfse/certificate', { method: 'POST', jar: who.jar, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: string; code?: string } };
}

/** The company's test e-CNPJ, uploaded. */
export async function certifiedCompany(server: TestServer, companyId: string, admin: Person): Promise<TestCertificate> {
  const cert = makeA1({ cnpj: await companyCnpj(server, companyId) });
  const res = await uploadCertificate(server, admin, cert);
  if (res.status !== 201) throw new Error(`certificate upload: ${res.status} ${JSON.stringify(res.body)}`);
  return cert;
}

export const validSettings = {
  environment: 'restricted',
  municipalityCode: '3550308',
  municipalRegistration: '12345678',
  regime: 'simples',
  serie: '1',
  services: [
    { code: '010101', description: 'Análise e desenvolvimento de sistemas', issRate: 2 },
    { code: '170101', description: 'Assessoria ou consultoria', issRate: 5 },
  ],
  ibsCbsCst: '000',
  ibsCbsClassification: '000001',
  ibsRate: 0.1,
  cbsRate: 0.9,
};

/** An open receivable of `amountCents` whose customer is an organization with a CNPJ. */
export async function receivable(server: TestServer, companyId: string, o: { amountCents?: number; customerCnpj?: string | null; description?: string } = {}) {
  const [org] = await sql(server, `insert into organizations (company_id, razao_social, cnpj) values ($1, $2, $3) returning id`, [companyId, 'Cliente Tomador Ltda', o.customerCnpj === undefined ? randomCnpj() : o.customerCnpj]);
  const [row] = await sql(
    server,
    `insert into fin_entries (company_id, kind, description, amount_cents, due_date, competence_date, organization_id) values ($1, 'receivable', $2, $3, '2026-12-10', '2026-12-01', $4) returning id`,
    [companyId, o.description ?? 'Desenvolvimento do site', o.amountCents ?? 1500_00, org!.id],
  );
  return row!.id as string;
}

export { makeA1 };
