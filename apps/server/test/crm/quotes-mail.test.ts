import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@sede/db/client';
import { quotePdf } from '../../src/modules/crm-quotes/pdf.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createMailer } from '../../src/platform/mail.ts';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp.ts';

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

describe('a quote e-mail over SMTP', () => {
  it('carries the PDF as an application/pdf attachment next to the text and HTML bodies', async () => {
    const cfg = loadConfig({ NODE_ENV: 'test', SMTP_URL: smtp.url, MAIL_FROM: 'Sede <nao-responda@sede.local>', DATA_DIR: '/tmp' } as NodeJS.ProcessEnv);
    const mailer = createMailer(cfg, null as unknown as Database);
    expect(mailer.mode).toBe('smtp');
    const pdf = await quotePdf(
      { name: 'Padaria Pão Quente Ltda', fantasia: null, cnpj: '12345678000195', address: null, city: null, state: null, cep: null, phone: null, email: null },
      { number: 3, validUntil: '2030-01-31', conditions: 'PIX', notes: '', items: [], subtotalCents: 0, discountCents: 0, totalCents: 0, createdAt: '2029-12-01T12:00:00Z', dealTitle: 'Teste' },
      { organization: [], contact: null },
    );
    await mailer.send({
      to: 'cliente@exemplo.com.br',
      subject: 'Orçamento nº 3 — Padaria Pão Quente Ltda',
      text: 'Segue o orçamento.',
      html: '<p>Segue o orçamento.</p>',
      attachments: [{ filename: 'orcamento-3.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    expect(smtp.messages).toHaveLength(1);
    const m = smtp.messages[0]!;
    expect(m.to).toEqual(['cliente@exemplo.com.br']);
    expect(m.data).toMatch(/Content-Type: multipart\/mixed/i);
    expect(m.data).toMatch(/Content-Type: application\/pdf; name=orcamento-3\.pdf/i);
    expect(m.data).toMatch(/Content-Disposition: attachment; filename=orcamento-3\.pdf/i);
    // The attachment's base64 decodes to the very PDF.
    const part = m.data.split(/Content-Disposition: attachment; filename=orcamento-3\.pdf\r\n\r\n/i)[1]!.split('\r\n--')[0]!;
    expect(Buffer.from(part.replace(/\r\n/g, ''), 'base64').equals(pdf)).toBe(true);
  });
});
