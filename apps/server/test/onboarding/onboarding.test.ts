import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, startTestServer, type TestServer } from '../support/test-server.ts';
import { addMember, createCompany, uniqueEmail } from '../billing/support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Jar = { cookie: string };
const post = (path: string, jar: Jar, json: unknown) => server.request(`/api/onboarding${path}`, { method: 'POST', json, jar });

describe('POST /api/onboarding/recommend-plan', () => {
  it('applies the documented rule with the company member count', async () => {
    const small = await createCompany(server);
    expect(await (await post('/recommend-plan', small.jar, { profile: 'entrepreneur', areas: ['sales'] })).json() as any).toEqual({
      recommendedPlan: 'monthly',
      reason: 'Para começar com poucas áreas, o plano mensal dá flexibilidade sem compromisso longo.',
    });
    const broad = await (await post('/recommend-plan', small.jar, { profile: 'manager', areas: ['sales', 'hr', 'legal', 'financial'] })).json() as any;
    expect(broad.recommendedPlan).toBe('annual');
    expect(broad.reason).toBe('Para automatizar 4 áreas todo mês, o plano anual economiza R$ 800 por ano (27%).');

    const team = await createCompany(server, { extraMembers: 4 });
    const r = await (await post('/recommend-plan', team.jar, { profile: 'other', areas: ['sales'] })).json() as any;
    expect(r).toEqual({ recommendedPlan: 'annual', reason: 'Com 5 pessoas na equipe, o plano anual economiza R$ 800 por ano (27%).' });
  });

  it('validates like the screen and ignores any companyId in the body', async () => {
    const { jar } = await createCompany(server);
    const noProfile = await post('/recommend-plan', jar, { areas: ['sales'] });
    expect(noProfile.status).toBe(400);
    expect((await noProfile.json() as any).error).toBe('Selecione seu perfil');
    const noAreas = await post('/recommend-plan', jar, { profile: 'manager', areas: [] });
    expect((await noAreas.json() as any).error).toBe('Selecione pelo menos uma área');
    const team = await createCompany(server, { extraMembers: 6 });
    const foreign = await (await post('/recommend-plan', jar, { profile: 'other', areas: ['sales'], companyId: team.companyId })).json() as any;
    expect(foreign.recommendedPlan).toBe('monthly');
  });

  it('without a company: Empresa não encontrada', async () => {
    const lone = await createConfirmedUser(server, { email: uniqueEmail('lone') });
    const res = await post('/recommend-plan', lone.jar, { profile: 'other', areas: ['sales'] });
    expect(res.status).toBe(404);
    expect((await res.json() as any).error).toBe('Empresa não encontrada');
  });
});

describe('POST /api/onboarding/complete', () => {
  it('stores profile, areas and plan and completes company and profile in one go', async () => {
    const { jar, companyId, userId } = await createCompany(server);
    const res = await post('/complete', jar, { profile: 'director', areas: ['hr', 'sales', 'hr'], plan: 'annual' });
    expect(res.status).toBe(200);
    expect(await res.json() as any).toEqual({ completed: true, plan: 'annual' });
    const { rows } = await server.services.pool.query(
      `SELECT c.onboarding_profile, c.onboarding_areas, c.plan_type, c.onboarding_completed AS company_done, p.onboarding_completed AS profile_done
         FROM companies c JOIN profiles p ON p.company_id = c.id WHERE c.id = $1 AND p.id = $2`,
      [companyId, userId],
    );
    expect(rows[0]).toEqual({ onboarding_profile: 'director', onboarding_areas: ['sales', 'hr'], plan_type: 'annual', company_done: true, profile_done: true });
    const me = await (await server.request('/api/me', { jar })).json() as any;
    expect(me.company.onboarding_completed).toBe(true);
    expect(me.profile.onboarding_completed).toBe(true);
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const { jar, companyId } = await createCompany(server);
    const cases: Array<[unknown, string]> = [
      [{ areas: ['sales'], plan: 'monthly' }, 'Selecione seu perfil'],
      [{ profile: 'manager', areas: [], plan: 'monthly' }, 'Selecione pelo menos uma área'],
      [{ profile: 'manager', areas: ['sales'], plan: 'lifetime' }, 'Plano desconhecido'],
    ];
    for (const [body, message] of cases) {
      const res = await post('/complete', jar, body);
      expect(res.status).toBe(400);
      expect((await res.json() as any).error).toBe(message);
    }
    const { rows } = await server.services.pool.query('SELECT onboarding_completed, plan_type FROM companies WHERE id = $1', [companyId]);
    expect(rows[0]).toEqual({ onboarding_completed: false, plan_type: null });
  });

  it('without a company: 404 Empresa não encontrada', async () => {
    const lone = await createConfirmedUser(server, { email: uniqueEmail('lone') });
    const res = await post('/complete', lone.jar, { profile: 'other', areas: ['sales'], plan: 'monthly' });
    expect(res.status).toBe(404);
    expect((await res.json() as any).error).toBe('Empresa não encontrada');
  });

  it('only an administrator completes the company onboarding', async () => {
    const { companyId } = await createCompany(server);
    const seller = await createConfirmedUser(server, { email: uniqueEmail('seller') });
    await addMember(server, companyId, seller.userId, 'vendas');
    const res = await post('/complete', seller.jar, { profile: 'other', areas: ['sales'], plan: 'monthly' });
    expect(res.status).toBe(403);
    expect((await res.json() as any).error).toBe('Apenas administradores da empresa podem concluir a configuração inicial.');
  });

  it('a running paid subscription keeps its plan', async () => {
    const { jar, companyId } = await createCompany(server);
    await server.services.pool.query("UPDATE companies SET subscription_status = 'active', plan_type = 'annual' WHERE id = $1", [companyId]);
    expect(await (await post('/complete', jar, { profile: 'other', areas: ['sales'], plan: 'monthly' })).json() as any).toEqual({ completed: true, plan: 'annual' });
  });
});
