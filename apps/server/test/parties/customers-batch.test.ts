import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrCreateCustomers, suppress, type CustomerInput } from '../../src/modules/parties/public.ts';
import { systemTenant } from '../../src/platform/tenant.ts';
import { seedCompany } from '../support/seed.ts';
import { createConfirmedUser, startTestServer, type TestServer } from '../support/test-server.ts';
import { sql, uniqueEmail } from '../team/support.ts';

/** A page of a store's buyers matched and created at once (decision 0750), as one at a time would. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const buyer = (name: string, o: Partial<CustomerInput> = {}): CustomerInput => ({ name, email: null, phone: null, document: null, source: 'Pedido #1 da Nuvemshop', ...o });

describe('findOrCreateCustomers', () => {
  it('matches existing parties, makes each new buyer once however often it repeats, and never enters a suppressed e-mail', async () => {
    const owner = await createConfirmedUser(server, { email: uniqueEmail('lote') });
    const companyId = await seedCompany(server.services.db, { adminUserId: owner.userId });
    const [known] = await sql(server, `INSERT INTO people (company_id, name, cpf, emails) VALUES ($1, 'Carla Antiga', '52998224725', '{carla@exemplo.com.br}') RETURNING id`, [companyId]);
    const [byMail] = await sql(server, `INSERT INTO people (company_id, name, emails) VALUES ($1, 'Davi Antigo', '{davi@exemplo.com.br}') RETURNING id`, [companyId]);
    const [org] = await sql(server, `INSERT INTO organizations (company_id, razao_social, cnpj) VALUES ($1, 'Atacado Antigo Ltda', '11222333000181') RETURNING id`, [companyId]);
    await suppress(server.services, server.services.db, companyId, [{ email: 'saiu@exemplo.com.br' }], 'opt_out');
    const t = systemTenant(server.services, companyId, 'webhook');

    const parties = await findOrCreateCustomers(server.services, t, [
      buyer('Nina Nova', { email: 'nina@exemplo.com.br', phone: '5511987654321' }),
      buyer('Nina Nova', { email: ' NINA@exemplo.com.br ' }),
      buyer('Carla', { document: '52998224725', email: 'outro@exemplo.com.br' }),
      buyer('Davi', { email: 'Davi@Exemplo.com.br' }),
      buyer('Otto Novo', { document: '11144477735', email: 'otto@exemplo.com.br' }),
      buyer('Otto sem CPF', { email: 'otto@exemplo.com.br' }),
      buyer('Quem saiu', { email: 'saiu@exemplo.com.br' }),
      buyer('Sem contato'),
      buyer('Loja Nova Ltda', { document: '45723174000110' }),
      buyer('Loja Nova Ltda', { document: '45723174000110' }),
      buyer('Atacado', { document: '11222333000181' }),
    ]);
    const [nina, nina2, carla, davi, otto, otto2, gone, none, shop, shop2, wholesale] = parties;
    expect(nina!.personId).toBeTruthy();
    expect(nina2).toEqual(nina);
    expect(carla).toEqual({ personId: known.id, organizationId: null });
    expect(davi).toEqual({ personId: byMail.id, organizationId: null });
    expect(otto2).toEqual(otto);
    expect(gone).toEqual({ personId: null, organizationId: null });
    expect(none).toEqual({ personId: null, organizationId: null });
    expect(shop!.organizationId).toBeTruthy();
    expect(shop2).toEqual(shop);
    expect(wholesale).toEqual({ personId: null, organizationId: org.id });

    const people = await sql(server, `SELECT id, name, cpf, emails, phones, legal_basis FROM people WHERE company_id = $1 ORDER BY name`, [companyId]);
    expect(people.map((p) => p.name)).toEqual(['Carla Antiga', 'Davi Antigo', 'Nina Nova', 'Otto Novo']);
    expect(people.find((p) => p.id === nina!.personId)).toMatchObject({ emails: ['nina@exemplo.com.br'], phones: ['11987654321'], legal_basis: 'execucao_contrato' });
    expect(people.find((p) => p.id === otto!.personId)).toMatchObject({ cpf: '11144477735', emails: ['otto@exemplo.com.br'] });
    const orgs = await sql(server, 'SELECT razao_social FROM organizations WHERE company_id = $1 ORDER BY razao_social', [companyId]);
    expect(orgs.map((o) => o.razao_social)).toEqual(['Atacado Antigo Ltda', 'Loja Nova Ltda']);

    // The same page again: everyone is found now, nothing new is written.
    const again = await findOrCreateCustomers(server.services, t, [buyer('Nina Nova', { email: 'nina@exemplo.com.br' }), buyer('Loja Nova Ltda', { document: '45723174000110' })]);
    expect(again).toEqual([nina, shop]);
    expect(await sql(server, 'SELECT count(*)::int AS n FROM people WHERE company_id = $1', [companyId])).toEqual([{ n: 4 }]);
  });
});
