/**
 * What a company's domain needs in its DNS so mail it sends through its own SMTP passes SPF,
 * DKIM and DMARC at Gmail, Outlook and the others (decision 0402). Browser-safe: the sender's
 * settings show these records for the address typed.
 */

export type DnsRecord = { kind: 'SPF' | 'DKIM' | 'DMARC'; type: 'TXT' | 'TXT ou CNAME'; name: string; value: string; why: string };

/** The SPF mechanism of well-known providers, by the SMTP host's domain; anything else: the host itself (`a:`). */
const PROVIDER_SPF: Array<[RegExp, string, string]> = [
  [/(^|\.)(gmail|googlemail|google)\.com$/i, 'include:_spf.google.com', 'Google Workspace'],
  [/(^|\.)(office365|outlook)\.com$/i, 'include:spf.protection.outlook.com', 'Microsoft 365'],
  [/(^|\.)amazonaws\.com$/i, 'include:amazonses.com', 'Amazon SES'],
  [/(^|\.)sendgrid\.net$/i, 'include:sendgrid.net', 'SendGrid'],
  [/(^|\.)mailgun\.org$/i, 'include:mailgun.org', 'Mailgun'],
  [/(^|\.)(brevo|sendinblue)\.com$/i, 'include:spf.brevo.com', 'Brevo'],
  [/(^|\.)zoho\.com$/i, 'include:zoho.com', 'Zoho Mail'],
];

export const domainOf = (email: string | null | undefined) => {
  const at = (email ?? '').lastIndexOf('@');
  return at > 0 ? (email ?? '').slice(at + 1).toLowerCase() : null;
};

/** The records to create for the From address's domain, sending through `smtpHost`. */
export function senderDnsRecords(fromEmail: string | null | undefined, smtpHost: string | null | undefined): DnsRecord[] {
  const domain = domainOf(fromEmail);
  if (!domain) return [];
  const host = (smtpHost ?? '').trim().toLowerCase();
  const provider = PROVIDER_SPF.find(([re]) => re.test(host));
  const mechanism = provider ? provider[1] : host ? `a:${host}` : 'include:<o SPF do seu provedor>';
  return [
    {
      kind: 'SPF',
      type: 'TXT',
      name: domain,
      value: `v=spf1 ${mechanism} ~all`,
      why: provider
        ? `Autoriza os servidores do ${provider[2]} a enviar pelo domínio. Se o domínio já tem um registro v=spf1, acrescente "${mechanism}" a ele: só pode haver um.`
        : 'Autoriza o servidor SMTP a enviar pelo domínio. Se o seu provedor indicar um "include:" próprio, use o dele; se o domínio já tem um registro v=spf1, junte os dois em um só.',
    },
    {
      kind: 'DKIM',
      type: 'TXT ou CNAME',
      name: `<seletor>._domainkey.${domain}`,
      value: 'a chave pública que o provedor do SMTP gerar',
      why: 'Assina cada mensagem. Ative o DKIM no painel do provedor do SMTP: ele mostra o seletor e o registro a criar.',
    },
    {
      kind: 'DMARC',
      type: 'TXT',
      name: `_dmarc.${domain}`,
      value: `v=DMARC1; p=none; rua=mailto:${fromEmail}`,
      why: 'Diz aos provedores o que fazer com mensagens que falhem no SPF e no DKIM e manda relatórios para o e-mail indicado. Comece com p=none; depois de algumas semanas sem falhas, passe para p=quarantine.',
    },
  ];
}
