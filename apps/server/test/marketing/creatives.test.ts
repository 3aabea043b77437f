import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientSummary } from '@sede/shared/marketing/clients';
import type { PieceView } from '@sede/shared/marketing/pieces';
import type { ApprovalLinkCreated, CopyResponse, CreativeCovers, PieceReview, PublicApprovalView, VersionView } from '@sede/shared/marketing/review';
import { APPROVAL_RULES } from '../../src/modules/marketing-public/routes.ts';
import { applyCoins } from '../../src/platform/coins/ledger.ts';
import { ledgerState } from '../billing/support.ts';
import { pngBytes, upload } from '../files/support.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { sql, type Person } from '../team/support.ts';
import { agencyWithPeople } from './support.ts';

let server: TestServer;
let fake: FakeOpenAi;
let companyId: string;
let admin: Person;
let mkt: Person;
let vendas: Person;
let outsider: Person;
let outsiderCompanyId: string;
let own: ClientSummary;

type Res<T> = { status: number; body: T & { error?: string; code?: string } };
async function call<T = unknown>(path: string, who: Person | null, method = 'GET', json?: unknown): Promise<Res<T>> {
  const res = await server.request(`/api${path}`, { method, json, jar: who?.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Res<T>['body'] };
}
async function newPiece(who: Person, data: Record<string, unknown> = {}, clientId = own.id) {
  const res = await call<PieceView>('/marketing/pieces', who, 'POST', { clientId, channel: 'instagram', title: 'Post de verão', ...data });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const review = async (pieceId: string, who = mkt) => (await call<PieceReview>(`/marketing/pieces/${pieceId}/review`, who)).body;
const tokenOf = (url: string) => url.split('/aprovacao/')[1]!;
const balance = async () => (await ledgerState(server, companyId)).balance;

const COPY = {
  captions: ['Verão chegou na Doce Lar: pães frescos todo dia às 7h.', 'Seu café da manhã de verão começa aqui.'],
  hashtags: ['#verao', 'padaria artesanal', 'pão'],
  adVariants: [{ headline: 'Pão quentinho às 7h', text: 'Passe na Doce Lar e leve o seu.' }],
};

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-plataforma', AI_MODEL: 'modelo-teste', AI_TIMEOUT_MS: '1500' });
  ({ companyId, admin, mkt, vendas, outsider, outsiderCompanyId } = await agencyWithPeople(server, 'Agência Vitrine Ltda'));
  own = (await call<{ clients: ClientSummary[] }>('/marketing/clients', mkt)).body.clients[0]!;
  await applyCoins(server.services.db, { companyId, amount: 20, kind: 'adjustment', reason: 'Saldo de teste' });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe('marketing: creatives — versions', () => {
  it('a new version keeps the old ones, takes only the piece’s files, becomes the piece’s text, and restores', async () => {
    const p = await newPiece(mkt, { status: 'producao' });
    const png = await pngBytes(64, 48);
    const image = await upload(server, mkt.jar, `entityType=marketing_piece&entityId=${p.id}&kind=image`, png, 'arte.png');
    expect(image.status, JSON.stringify(image.body)).toBe(201);
    const elsewhere = await newPiece(mkt, { title: 'Outra peça' });
    const foreign = await upload(server, mkt.jar, `entityType=marketing_piece&entityId=${elsewhere.id}&kind=image`, png, 'outra.png');

    const v1 = await call<VersionView>(`/marketing/pieces/${p.id}/versions`, mkt, 'POST', { copy: 'Primeiro texto', hashtags: ['#verao'], fileIds: [image.body.id] });
    expect(v1.status, JSON.stringify(v1.body)).toBe(201);
    expect(v1.body).toMatchObject({ number: 1, copy: 'Primeiro texto', hashtags: ['verao'], source: 'manual', files: [{ id: image.body.id, name: 'arte.png', kind: 'image', hasThumbnail: true }] });
    const v2 = await call<VersionView>(`/marketing/pieces/${p.id}/versions`, mkt, 'POST', { copy: 'Segundo texto', fileIds: [], note: 'Sem imagem' });
    expect(v2.body).toMatchObject({ number: 2, copy: 'Segundo texto', files: [], note: 'Sem imagem' });
    expect((await call<PieceView>(`/marketing/pieces/${p.id}`, mkt)).body).toMatchObject({ copy: 'Segundo texto', hashtags: [] });

    // Another piece's file, an empty version, bad input: refused, nothing stored.
    const cases: Array<[unknown, number, RegExp]> = [
      [{ copy: 'x', fileIds: [foreign.body.id] }, 400, /arquivos anexados a esta peça/],
      [{ copy: '', fileIds: [] }, 400, /Escreva o texto/],
      [{ copy: 'x'.repeat(10_001) }, 400, /até 10000 caracteres/],
      [{ copy: 'ok', hashtags: ['com espaço'] }, 400, /hashtags/],
      [{ copy: 'ok\u0000' }, 400, /caracteres de controle/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(`/marketing/pieces/${p.id}/versions`, mkt, 'POST', body);
      expect([res.status, res.body.error], JSON.stringify(body)).toEqual([status, expect.stringMatching(message)]);
    }

    const restored = await call<VersionView>(`/marketing/pieces/${p.id}/versions/${v1.body.id}/restore`, mkt, 'POST');
    expect(restored.status).toBe(201);
    expect(restored.body).toMatchObject({ number: 3, copy: 'Primeiro texto', source: 'restauracao', restoredFrom: 1, files: [{ id: image.body.id }] });
    const r = await review(p.id);
    expect(r.versions.map((v) => [v.number, v.copy])).toEqual([
      [3, 'Primeiro texto'],
      [2, 'Segundo texto'],
      [1, 'Primeiro texto'],
    ]);
    expect(r.versions[0]!.createdByName).toBeTruthy();
    expect((await call(`/marketing/pieces/${p.id}/versions/${crypto.randomUUID()}/restore`, mkt, 'POST')).status).toBe(404);
    expect((await call(`/marketing/pieces/${p.id}/versions/${v1.body.id}/restore`, mkt, 'POST')).status).toBe(201);

    // The cards' covers: the first file of each piece's latest version; none for a piece without one.
    const covers = await call<CreativeCovers>(`/marketing/creatives/covers?ids=${p.id},${elsewhere.id}`, mkt);
    expect(covers.body.covers).toEqual({ [p.id]: { fileId: image.body.id, kind: 'image', hasThumbnail: true } });
    expect((await call<CreativeCovers>(`/marketing/creatives/covers?ids=${p.id}`, outsider)).body.covers).toEqual({});
    expect((await call('/marketing/creatives/covers?ids=lixo', mkt)).status).toBe(400);
    expect((await call(`/marketing/creatives/covers?ids=${p.id}`, vendas)).status).toBe(403);
  });
});

describe('marketing: creatives — AI copy (ai.creative_copy)', () => {
  it('writes from the brief and the brand kit, charges 2 coins once per request, and nothing on failure', async () => {
    await sql(server, `UPDATE marketing_clients SET brand_kit = $2 WHERE id = $1`, [own.id, JSON.stringify({ tone: 'Acolhedor e bem-humorado', audience: 'Famílias do bairro', logoFileId: 'x' })]);
    const p = await newPiece(mkt, { brief: null });
    const noBrief = await call(`/marketing/pieces/${p.id}/copy`, mkt, 'POST', { requestId: crypto.randomUUID() });
    expect([noBrief.status, noBrief.body.code]).toEqual([400, 'MARKETING_BRIEF_REQUIRED']);

    fake.setResponder(() => COPY);
    const before = await balance();
    const requestId = crypto.randomUUID();
    const res = await call<CopyResponse>(`/marketing/pieces/${p.id}/copy`, mkt, 'POST', { requestId, brief: 'Pães de verão, abertura às 7h.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.charged).toBe(2);
    expect(res.body.copy.captions).toEqual(COPY.captions);
    expect(res.body.copy.hashtags).toEqual(['verao', 'padariaartesanal', 'pão']);
    expect(res.body.copy.adVariants).toEqual(COPY.adVariants);
    const sent = JSON.stringify(fake.requests.at(-1)?.body);
    expect(sent).toContain('Pães de verão, abertura às 7h.');
    expect(sent).toContain('Tom de voz: Acolhedor e bem-humorado');
    expect(sent).toContain('Público: Famílias do bairro');
    expect(sent).toContain('creative-copy_v1');
    expect(await balance()).toBe(before - 2);
    // The brief sent is kept on the piece; the same request again is not charged twice.
    expect((await call<PieceView>(`/marketing/pieces/${p.id}`, mkt)).body.brief).toBe('Pães de verão, abertura às 7h.');
    const again = await call(`/marketing/pieces/${p.id}/copy`, mkt, 'POST', { requestId });
    expect([again.status, again.body.code]).toEqual([409, 'PAID_ACTION_DUPLICATE']);
    expect(await balance()).toBe(before - 2);
    // The proposal is kept on the piece (a reload shows what was paid for), and a colleague reads it too.
    const kept = await call<PieceReview>(`/marketing/pieces/${p.id}/review`, mkt);
    expect(kept.body.aiCopy?.copy).toEqual(res.body.copy);
    expect(Date.now() - Date.parse(kept.body.aiCopy!.at)).toBeLessThan(60_000);

    // The person picks a caption into a new version.
    const picked = await call<VersionView>(`/marketing/pieces/${p.id}/versions`, mkt, 'POST', { copy: COPY.captions[1], hashtags: res.body.copy.hashtags, source: 'ia' });
    expect(picked.body).toMatchObject({ number: 1, source: 'ia', copy: COPY.captions[1] });

    // A provider failure and a malformed answer: refused in Portuguese, no coin charged.
    fake.setResponder(null);
    for (const mode of ['error_500', 'malformed'] as const) {
      fake.setMode(mode);
      const failed = await call(`/marketing/pieces/${p.id}/copy`, mkt, 'POST', { requestId: crypto.randomUUID() });
      expect(failed.status, mode).toBeGreaterThanOrEqual(400);
      expect(failed.status, mode).toBeLessThan(500);
      expect(failed.body.error, mode).toBeTruthy();
      expect(await balance(), mode).toBe(before - 2);
    }
    fake.setMode('ok');
    // A failure keeps the last good proposal.
    expect((await call<PieceReview>(`/marketing/pieces/${p.id}/review`, mkt)).body.aiCopy?.copy).toEqual(res.body.copy);
    const refunds = await sql(server, "SELECT count(*)::int AS n FROM paid_actions WHERE company_id = $1 AND action = 'ai.creative_copy' AND status = 'refunded'", [companyId]);
    expect(refunds[0]!.n).toBe(2);
  });
});

describe('marketing: creatives — approval', () => {
  it('internal: approve moves revisao → aprovado; changes with a comment move it back to producao and tell the assignee', async () => {
    const p = await newPiece(mkt, { status: 'revisao', assigneeId: admin.userId });
    const noComment = await call(`/marketing/pieces/${p.id}/decision`, mkt, 'POST', { decision: 'alteracoes' });
    expect([noComment.status, noComment.body.error]).toEqual([400, 'Diga o que precisa mudar.']);
    const changes = await call<{ status: string }>(`/marketing/pieces/${p.id}/decision`, mkt, 'POST', { decision: 'alteracoes', comment: 'Troque a foto.' });
    expect(changes.status).toBe(201);
    expect(changes.body.status).toBe('producao');
    const approved = await call<{ status: string }>(`/marketing/pieces/${p.id}/decision`, mkt, 'POST', { decision: 'aprovado' });
    expect(approved.body.status).toBe('aprovado');
    expect((await call<PieceView>(`/marketing/pieces/${p.id}`, mkt)).body.status).toBe('aprovado');
    const r = await review(p.id);
    expect(r.approvals.map((a) => [a.decision, a.source, a.comment])).toEqual([
      ['aprovado', 'interno', null],
      ['alteracoes', 'interno', 'Troque a foto.'],
    ]);
    const told = await sql(server, 'SELECT title, link FROM notifications WHERE user_id = $1 AND company_id = $2 ORDER BY created_at', [admin.userId, companyId]);
    expect(told.map((n) => n.title)).toEqual(expect.arrayContaining([`Alterações pedidas: ${p.title}`, `Peça aprovada: ${p.title}`]));
    expect(told.find((n) => n.title === `Peça aprovada: ${p.title}`)?.link).toBe(`/marketing/criativos?peca=${p.id}`);
    // A member without marketing may not decide.
    expect((await call(`/marketing/pieces/${p.id}/decision`, vendas, 'POST', { decision: 'aprovado' })).status).toBe(403);
  });

  it('by the client through a link without an account: the page shows the latest version, the decision is recorded once and the team is told', async () => {
    const p = await newPiece(mkt, { title: 'Carrossel de Natal', status: 'producao' });
    const png = await pngBytes(40, 40);
    const image = await upload(server, mkt.jar, `entityType=marketing_piece&entityId=${p.id}&kind=image`, png, 'natal.png');
    await call(`/marketing/pieces/${p.id}/versions`, mkt, 'POST', { copy: 'Feliz Natal!', hashtags: ['natal'], fileIds: [image.body.id] });
    const created = await call<ApprovalLinkCreated>(`/marketing/pieces/${p.id}/approval-links`, mkt, 'POST');
    expect(created.status).toBe(201);
    expect(created.body.url).toMatch(/\/aprovacao\/[A-Za-z0-9_-]{43}$/);
    expect(created.body.link.status).toBe('ativo');
    const days = (new Date(created.body.link.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const token = tokenOf(created.body.url);
    // Only the hash is kept.
    const stored = await sql(server, 'SELECT token_hash FROM marketing_approval_links WHERE piece_id = $1', [p.id]);
    expect(stored[0]!.token_hash).not.toContain(token);
    expect(JSON.stringify(await review(p.id))).not.toContain(token);
    expect((await call<PieceView>(`/marketing/pieces/${p.id}`, mkt)).body.status).toBe('revisao');

    const page = await call<PublicApprovalView>(`/public/marketing/approvals/${token}`, null);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ clientName: 'Agência Vitrine Ltda', companyName: 'Agência Vitrine Ltda', piece: { title: 'Carrossel de Natal', channel: 'instagram' }, version: { number: 1, copy: 'Feliz Natal!', hashtags: ['natal'] }, decision: null });
    expect(JSON.stringify(page.body)).not.toContain(companyId);
    const file = page.body.version!.files[0]!;
    expect(file).toMatchObject({ name: 'natal.png', kind: 'image' });
    const bytes = await server.request(file.url);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(png)).toBe(true);

    const bad = await call(`/public/marketing/approvals/${token}/decision`, null, 'POST', { decision: 'aprovado', name: '' });
    expect([bad.status, bad.body.error]).toEqual([400, 'Informe seu nome.']);
    const decided = await call<{ status: string }>(`/public/marketing/approvals/${token}/decision`, null, 'POST', { decision: 'aprovado', name: 'Marina Cliente', comment: 'Ficou ótimo!' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(201);
    expect(decided.body.status).toBe('aprovado');
    const twice = await call(`/public/marketing/approvals/${token}/decision`, null, 'POST', { decision: 'alteracoes', name: 'Marina Cliente', comment: 'Mudei de ideia' });
    expect([twice.status, twice.body.code]).toEqual([409, 'APPROVAL_LINK_DECIDED']);

    expect((await call<PieceView>(`/marketing/pieces/${p.id}`, mkt)).body.status).toBe('aprovado');
    const r = await review(p.id);
    expect(r.approvals[0]).toMatchObject({ decision: 'aprovado', source: 'cliente', reviewerName: 'Marina Cliente', comment: 'Ficou ótimo!', versionNumber: 1 });
    expect(r.links[0]!.status).toBe('respondido');
    expect(r.clientApproved).toBe(true);
    expect((await call<PublicApprovalView>(`/public/marketing/approvals/${token}`, null)).body.decision).toMatchObject({ decision: 'aprovado', name: 'Marina Cliente' });
    // The creator of the piece (who sent the link) is told; the audit line has no person and no address.
    const told = await sql(server, 'SELECT title, body FROM notifications WHERE user_id = $1 AND company_id = $2', [mkt.userId, companyId]);
    expect(told).toContainEqual({ title: 'Peça aprovada: Carrossel de Natal', body: 'Marina Cliente (cliente) aprovou a peça.' });
    const audit = await sql(server, "SELECT user_id, details FROM activity_log WHERE company_id = $1 AND details->>'entity' = 'marketing_approval_link' AND details->>'by' = 'cliente'", [companyId]);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.user_id).toBeNull();
    expect(JSON.stringify(audit[0]!.details)).not.toMatch(/127\.0\.0\.1|::1|Marina/);
  });

  it('nothing to approve: no link for a piece without content, and a link made before cannot approve it', async () => {
    const p = await newPiece(mkt, { title: 'Peça sem conteúdo', status: 'producao', copy: 'Rascunho fora de versão' });
    const refused = await call(`/marketing/pieces/${p.id}/approval-links`, mkt, 'POST');
    expect([refused.status, refused.body.code, refused.body.error]).toEqual([409, 'MARKETING_NOTHING_TO_APPROVE', 'Crie uma versão da peça com texto ou arquivos antes de gerar o link de aprovação.']);
    expect((await review(p.id)).links).toEqual([]);
    expect((await call<PieceView>(`/marketing/pieces/${p.id}`, mkt)).body.status).toBe('producao');

    // A version whose only file was deleted since shows nothing: still nothing to send.
    const image = await upload(server, mkt.jar, `entityType=marketing_piece&entityId=${p.id}&kind=image`, await pngBytes(20, 20), 'arte.png');
    await call(`/marketing/pieces/${p.id}/versions`, mkt, 'POST', { copy: '', fileIds: [image.body.id] });
    expect((await server.request(`/api/files/${image.body.id}`, { method: 'DELETE', jar: mkt.jar })).status).toBe(200);
    expect((await call(`/marketing/pieces/${p.id}/approval-links`, mkt, 'POST')).body.code).toBe('MARKETING_NOTHING_TO_APPROVE');

    // A link sent before this rule (or before the file went): the page shows no version, and a decision is refused.
    const token = 'L'.repeat(43);
    const hash = createHash('sha256').update(token).digest('hex');
    await sql(server, `INSERT INTO marketing_approval_links (company_id, piece_id, token_hash, expires_at, created_by) VALUES ($1, $2, $3, now() + interval '1 day', $4)`, [companyId, p.id, hash, mkt.userId]);
    const page = await call<PublicApprovalView>(`/public/marketing/approvals/${token}`, null);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ version: null, decision: null });
    for (const decision of ['aprovado', 'alteracoes']) {
      const res = await call(`/public/marketing/approvals/${token}/decision`, null, 'POST', { decision, name: 'Marina Cliente', comment: 'ok' });
      expect([res.status, res.body.code, res.body.error]).toEqual([409, 'MARKETING_NOTHING_TO_APPROVE', 'Esta peça ainda não tem conteúdo para aprovar. Aguarde a equipe enviar a versão.']);
    }
    expect((await review(p.id)).approvals).toEqual([]);
    expect((await call<PieceView>(`/marketing/pieces/${p.id}`, mkt)).body.status).toBe('producao');

    // With a version that has text, the same link works.
    await call(`/marketing/pieces/${p.id}/versions`, mkt, 'POST', { copy: 'Agora sim' });
    expect((await call<PublicApprovalView>(`/public/marketing/approvals/${token}`, null)).body.version).toMatchObject({ number: 2, copy: 'Agora sim' });
    expect((await call(`/public/marketing/approvals/${token}/decision`, null, 'POST', { decision: 'aprovado', name: 'Marina Cliente' })).status).toBe(201);
    // This file's tests share one address: the counters start afresh for the next ones (the limits have a test of their own).
    await sql(server, "DELETE FROM rate_limits WHERE key LIKE 'marketing-approval:%'");
  });

  it('with client approval on, the piece cannot reach aprovado or agendado before the client approves its latest version', async () => {
    const org = await call<{ id: string }>('/parties/organizations', admin, 'POST', { razaoSocial: 'Padaria Doce Lar Ltda', nomeFantasia: 'Doce Lar' });
    const client = await call<ClientSummary>('/marketing/clients', mkt, 'POST', { organizationId: org.body.id });
    await sql(server, 'UPDATE marketing_clients SET client_approval = true WHERE id = $1', [client.body.id]);
    const refusedNew = await call('/marketing/pieces', mkt, 'POST', { clientId: client.body.id, channel: 'facebook', title: 'Direto aprovado', status: 'aprovado' });
    expect([refusedNew.status, refusedNew.body.code]).toEqual([409, 'MARKETING_CLIENT_APPROVAL_REQUIRED']);

    const p = await newPiece(mkt, { status: 'revisao', scheduledAt: '2026-12-10T10:00:00-03:00' }, client.body.id);
    await call(`/marketing/pieces/${p.id}/versions`, mkt, 'POST', { copy: 'Versão para o cliente' });
    for (const status of ['aprovado', 'agendado']) {
      const res = await call(`/marketing/pieces/${p.id}`, mkt, 'PATCH', { status });
      expect([res.status, res.body.code, res.body.error]).toEqual([409, 'MARKETING_CLIENT_APPROVAL_REQUIRED', expect.stringMatching(/aprovação do cliente/)]);
    }
    // The internal approval is recorded, but the piece waits for the client.
    const internal = await call<{ status: string; waitingForClient: boolean }>(`/marketing/pieces/${p.id}/decision`, mkt, 'POST', { decision: 'aprovado' });
    expect(internal.body).toMatchObject({ status: 'revisao', waitingForClient: true });
    expect((await review(p.id)).clientApproval).toBe(true);

    const token = tokenOf((await call<ApprovalLinkCreated>(`/marketing/pieces/${p.id}/approval-links`, mkt, 'POST')).body.url);
    expect((await call<PublicApprovalView>(`/public/marketing/approvals/${token}`, null)).body.clientName).toBe('Doce Lar');
    expect((await call(`/public/marketing/approvals/${token}/decision`, null, 'POST', { decision: 'aprovado', name: 'Dona Lúcia' })).status).toBe(201);
    expect((await call<PieceView>(`/marketing/pieces/${p.id}`, mkt, 'PATCH', { status: 'agendado' })).body.status).toBe('agendado');

    // A new version is a new thing to approve: back to review, and the rule applies again.
    await call(`/marketing/pieces/${p.id}/versions`, mkt, 'POST', { copy: 'Texto mudado depois' });
    expect((await call<PieceView>(`/marketing/pieces/${p.id}`, mkt)).body.status).toBe('revisao');
    expect((await review(p.id)).clientApproved).toBe(false);
    expect((await call(`/marketing/pieces/${p.id}`, mkt, 'PATCH', { status: 'agendado' })).status).toBe(409);
  });

  it('expired, revoked, forged and malformed tokens are refused with 410/404, nothing leaked', async () => {
    const p = await newPiece(mkt, { title: 'Peça secreta de lançamento' });
    await call(`/marketing/pieces/${p.id}/versions`, mkt, 'POST', { copy: 'Texto confidencial' });
    const a = await call<ApprovalLinkCreated>(`/marketing/pieces/${p.id}/approval-links`, mkt, 'POST');
    const b = await call<ApprovalLinkCreated>(`/marketing/pieces/${p.id}/approval-links`, mkt, 'POST');
    const [ta, tb] = [tokenOf(a.body.url), tokenOf(b.body.url)];

    // Time passes: the expiry is written in the past.
    await sql(server, "UPDATE marketing_approval_links SET expires_at = now() - interval '1 minute' WHERE id = $1", [a.body.link.id]);
    const expired = await call(`/public/marketing/approvals/${ta}`, null);
    expect([expired.status, expired.body.code]).toEqual([410, 'APPROVAL_LINK_EXPIRED']);
    const expiredDecision = await call(`/public/marketing/approvals/${ta}/decision`, null, 'POST', { decision: 'aprovado', name: 'Alguém' });
    expect(expiredDecision.status).toBe(410);

    expect((await call(`/marketing/pieces/${p.id}/approval-links/${b.body.link.id}`, mkt, 'DELETE')).status).toBe(200);
    const revoked = await call(`/public/marketing/approvals/${tb}`, null);
    expect([revoked.status, revoked.body.code]).toEqual([410, 'APPROVAL_LINK_REVOKED']);
    expect((await call(`/public/marketing/approvals/${tb}/decision`, null, 'POST', { decision: 'aprovado', name: 'Alguém' })).status).toBe(410);
    expect((await review(p.id)).links.map((l) => l.status).sort()).toEqual(['expirado', 'revogado']);

    // A forged token (right shape, one character changed), a malformed one, and nothing was decided.
    const forged = ta.slice(0, -1) + (ta.endsWith('A') ? 'B' : 'A');
    for (const t of [forged, 'abc', `${ta}x`, '../../pieces']) {
      const res = await call(`/public/marketing/approvals/${encodeURIComponent(t)}`, null);
      expect(res.status, t).toBe(404);
      const post = await call(`/public/marketing/approvals/${encodeURIComponent(t)}/decision`, null, 'POST', { decision: 'aprovado', name: 'Alguém' });
      expect(post.status, t).toBe(404);
    }
    for (const res of [expired, revoked]) expect(JSON.stringify(res.body)).not.toMatch(/secreta|confidencial|Vitrine/);
    expect((await review(p.id)).approvals).toEqual([]);
  });

  it('another company’s member gets 404 on every endpoint and id; a member without marketing 403', async () => {
    const p = await newPiece(mkt, { title: 'Segredo da Vitrine' });
    const v = await call<VersionView>(`/marketing/pieces/${p.id}/versions`, mkt, 'POST', { copy: 'Texto da Vitrine' });
    const link = await call<ApprovalLinkCreated>(`/marketing/pieces/${p.id}/approval-links`, mkt, 'POST');
    fake.setResponder(() => COPY);
    const endpoints = [
      { method: 'GET' as const, path: `/api/marketing/pieces/${p.id}/review` },
      { method: 'POST' as const, path: `/api/marketing/pieces/${p.id}/versions`, body: { copy: 'Nova' }, ownerStatus: 201 },
      { method: 'POST' as const, path: `/api/marketing/pieces/${p.id}/versions/${v.body.id}/restore`, ownerStatus: 201 },
      { method: 'POST' as const, path: `/api/marketing/pieces/${p.id}/copy`, body: { requestId: crypto.randomUUID(), brief: 'Briefing de teste' }, ownerStatus: 200 },
      { method: 'POST' as const, path: `/api/marketing/pieces/${p.id}/decision`, body: { decision: 'alteracoes', comment: 'Ajustar' }, ownerStatus: 201 },
      { method: 'POST' as const, path: `/api/marketing/pieces/${p.id}/approval-links`, ownerStatus: 201 },
      { method: 'DELETE' as const, path: `/api/marketing/pieces/${p.id}/approval-links/${link.body.link.id}` },
    ];
    await expectTenantIsolation(server, { owner: mkt, outsider, withoutPermission: vendas, secrets: ['Segredo da Vitrine', 'Texto da Vitrine', own.id] }, endpoints);

    // Another company's own link id under its own piece, or this company's link under another company's piece: 404.
    const theirPiece = (await call<{ clients: ClientSummary[] }>('/marketing/clients', outsider)).body.clients[0]!;
    const tp = await newPiece(outsider, { title: 'Deles' }, theirPiece.id);
    await call(`/marketing/pieces/${tp.id}/versions`, outsider, 'POST', { copy: 'Texto deles' });
    const theirLink = await call<ApprovalLinkCreated>(`/marketing/pieces/${tp.id}/approval-links`, outsider, 'POST');
    expect((await call(`/marketing/pieces/${p.id}/approval-links/${theirLink.body.link.id}`, mkt, 'DELETE')).status).toBe(404);
    expect((await call(`/marketing/pieces/${tp.id}/approval-links/${link.body.link.id}`, outsider, 'DELETE')).status).toBe(404);
    expect((await call(`/marketing/pieces/${p.id}/approval-links/nao-e-id`, mkt, 'DELETE')).status).toBe(404);
    // Another company's token opens only that company's piece.
    const theirs = await call<PublicApprovalView>(`/public/marketing/approvals/${tokenOf(theirLink.body.url)}`, null);
    expect(theirs.body.piece.title).toBe('Deles');
    expect(JSON.stringify(theirs.body)).not.toContain('Vitrine');
    // The piece's files follow the piece: the outsider cannot list or attach them.
    expect((await server.request(`/api/files?entityType=marketing_piece&entityId=${p.id}`, { jar: outsider.jar })).status).toBe(404);
    expect((await server.request(`/api/files?entityType=marketing_piece&entityId=${p.id}`, { jar: vendas.jar })).status).toBe(403);
    expect(outsiderCompanyId).not.toBe(companyId);
  });

  it('the public endpoint is rate-limited per address (429 with the wait)', async () => {
    let last = 0;
    let retryAfter: string | null = null;
    for (let i = 0; i <= APPROVAL_RULES.viewPerIp.max; i++) {
      const res = await server.request(`/api/public/marketing/approvals/${'x'.repeat(43)}`);
      last = res.status;
      retryAfter = res.headers.get('retry-after');
      await res.body?.cancel();
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
