/**
 * Test and benchmark samples only: the smallest bank statement in the SGML OFX 1.02 that
 * Brazilian banks export, for an account with the given transactions; shared by the integration
 * and browser tests so both speak one format.
 */
export function makeOfx(o: { bankId?: string; acctId?: string; transactions: { date: string; amount: string; fitId?: string; memo?: string }[] }) {
  const d = (iso: string) => iso.replaceAll('-', '');
  return [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    '<STMTRS><CURDEF>BRL',
    `<BANKACCTFROM><BANKID>${o.bankId ?? '341'}<BRANCHID>1234<ACCTID>${o.acctId ?? '12345-6'}<ACCTTYPE>CHECKING</BANKACCTFROM>`,
    '<BANKTRANLIST>',
    ...o.transactions.map((t, i) => `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${d(t.date)}[-3:BRT]<TRNAMT>${t.amount}<FITID>${t.fitId ?? `F${i}`}<MEMO>${t.memo ?? `Transação ${i}`}</STMTTRN>`),
    '</BANKTRANLIST>',
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    '</OFX>',
    '',
  ].join('\n');
}
