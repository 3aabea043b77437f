import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvelopeView, PublicSigningView } from '@sede/shared/esign/schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { sendReminders } from '../../src/modules/esign/reminders.ts';
import { manualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, type Person } from '../team/support.ts';
import { caller, codeFromMail, draftWithPdf, tokenFromMail } from './support.ts';

let server: TestServer;
let call: ReturnType<typeof caller>;
let juridico: Person;
const clock = manualClock();
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  call = caller(server);
  juridico = await memberOf(server, (await createCompanyWithAdmin(server, 'Lembretes Ltda')).companyId, 'juridico');
});
afterAll(async () => {
  await server?.stop();
});

const unique = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;
const pub = (token: string, rest = '') => `/api/public/assinaturas/sign/${token}${rest}`;

describe('daily reminders (decision 0593)', () => {
  it('every 3 days a fresh link to whoever has not signed; nobody who signed, nobody twice, and it is in the evidence', async () => {
    const [maria, jose] = [unique('maria'), unique('jose')];
    const e = await draftWithPdf(server, juridico, {
      signingOrder: 'simultanea',
      expiresOn: addDays(todayInBrazil(new Date(clock.now())), 20),
      signers: [
        { name: 'Maria', email: maria, role: 'assinar' },
        { name: 'José', email: jose, role: 'assinar' },
      ],
    });
    expect((await call(`/api/assinaturas/envelopes/${e.id}/send`, juridico, 'POST')).status).toBe(200);
    const mariaToken = await tokenFromMail(server, maria);
    expect((await call(pub(mariaToken, '/code'), null, 'POST')).status).toBe(200);
    expect((await call(pub(mariaToken, '/code/confirm'), null, 'POST', { code: await codeFromMail(server, maria) })).status).toBe(200);
    expect((await call(pub(mariaToken, '/sign'), null, 'POST', { accept: true, signature: { kind: 'typed', text: 'Maria' } })).status).toBe(200);
    const oldJose = await tokenFromMail(server, jose);

    clock.advance(DAY);
    expect(await sendReminders(server.services)).toBe(0);
    clock.advance(2 * DAY);
    expect(await sendReminders(server.services)).toBe(1);
    const reminded = await tokenFromMail(server, jose, 'Lembrete:');
    expect(reminded).not.toBe(oldJose);
    expect((await call(pub(oldJose), null)).status).toBe(404);
    expect((await call<PublicSigningView>(pub(reminded), null)).body.state).toBe('confirmar_codigo');
    // Just reminded: not again tomorrow.
    clock.advance(DAY);
    expect(await sendReminders(server.services)).toBe(0);
    const view = (await call<EnvelopeView>(`/api/assinaturas/envelopes/${e.id}`, juridico)).body;
    expect(view.events.filter((x) => x.kind === 'reminded').map((x) => x.signerName)).toEqual(['José']);
  });
});
