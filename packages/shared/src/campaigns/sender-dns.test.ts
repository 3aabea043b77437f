import { describe, expect, it } from 'vitest';
import { senderDnsRecords } from './sender-dns.ts';

describe('the DNS records a sender domain needs', () => {
  it('names SPF (by provider, else the SMTP host), DKIM and DMARC for the From domain', () => {
    const own = senderDnsRecords('contato@loja.com.br', 'mail.loja.com.br');
    expect(own.map((r) => [r.kind, r.name, r.value])).toEqual([
      ['SPF', 'loja.com.br', 'v=spf1 a:mail.loja.com.br ~all'],
      ['DKIM', '<seletor>._domainkey.loja.com.br', 'a chave pública que o provedor do SMTP gerar'],
      ['DMARC', '_dmarc.loja.com.br', 'v=DMARC1; p=none; rua=mailto:contato@loja.com.br'],
    ]);
    expect(senderDnsRecords('vendas@loja.com.br', 'smtp.gmail.com')[0]!.value).toBe('v=spf1 include:_spf.google.com ~all');
    expect(senderDnsRecords('vendas@loja.com.br', 'email-smtp.sa-east-1.amazonaws.com')[0]!.value).toBe('v=spf1 include:amazonses.com ~all');
    expect(senderDnsRecords('', 'smtp.gmail.com')).toEqual([]);
  });
});
