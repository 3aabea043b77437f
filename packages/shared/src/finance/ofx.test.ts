import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAmountCents, parseOfx, parseOfxDate, parseOfxStatements, StatementParseError, statementPeriod } from './ofx.ts';
import { dedupKeys } from './reconciliation.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../../apps/server/test/fixtures/ofx/${name}`, import.meta.url)));
const brief = (name: string) => parseOfx(fixture(name)).transactions.map((t) => [t.postedDate, t.amountCents, t.fitId, t.memo]);

describe('OFX 1.x (SGML) and 2.x (XML) of Brazilian banks', () => {
  it('Itaú: SGML, ISO-8859-1, leaves without closing tags', () => {
    const s = parseOfx(fixture('itau.ofx'));
    expect(s).toMatchObject({ format: 'ofx', bankId: '0341', branchId: '1234', acctId: '1234567890', currency: 'BRL', startDate: '2024-01-01', endDate: '2024-01-31', ledgerBalanceCents: 120935 });
    expect(brief('itau.ofx')).toEqual([
      ['2024-01-05', 150000, '20240105001', 'TED RECEBIDA JOÃO DA SILVA'],
      ['2024-01-10', -25075, '20240110001', 'PAG BOLETO ENERGIA ELÉTRICA'],
      ['2024-01-15', -3990, '20240115001', 'TARIFA PACOTE SERVIÇOS'],
    ]);
  });

  it('Bradesco: unclosed STMTTRN, a FITID repeated within the file, amounts with a decimal comma and thousands dots', () => {
    const s = parseOfx(fixture('bradesco.ofx'));
    expect(s.acctId).toBe('98765-4');
    expect(s.ledgerBalanceCents).toBe(317500);
    expect(brief('bradesco.ofx')).toEqual([
      ['2024-02-02', -1250, '0202001', 'COMPRA CARTÃO PADARIA'],
      ['2024-02-02', -1250, '0202001', 'COMPRA CARTÃO PADARIA'],
      ['2024-02-05', 320000, '0205001', 'DEP DINHEIRO'],
    ]);
    // Two identical purchases are two lines, with distinct keys.
    const keys = dedupKeys(s.transactions);
    expect(new Set(keys).size).toBe(3);
  });

  it('Banco do Brasil: DTPOSTED with time and [-3:BRT] keeps the bank’s day; NAME with an empty MEMO', () => {
    const s = parseOfx(fixture('banco-do-brasil.ofx'));
    expect(s).toMatchObject({ bankId: '1', acctId: '12345-6', startDate: '2024-03-01', endDate: '2024-03-15', ledgerBalanceCents: -55000 });
    expect(s.transactions).toMatchObject([
      { postedDate: '2024-03-01', amountCents: -100000, fitId: 'N01234', memo: '03/03 10:15 Fornecedor Alfa Ltda', payee: 'Pix - Enviado' },
      { postedDate: '2024-03-04', amountCents: 45000, fitId: 'N01235', memo: 'Pix - Recebido', payee: null },
    ]);
  });

  it('Caixa: FITID 000000 on every line, CHARSET 1252 declared with UTF-8 bytes', () => {
    expect(brief('caixa.ofx')).toEqual([
      ['2024-04-02', -8000, '000000', 'SAQUE LOTÉRICO'],
      ['2024-04-03', -8000, '000000', 'SAQUE LOTÉRICO'],
      ['2024-04-05', 200000, '000000', 'CRÉDITO SALÁRIO'],
    ]);
    expect(new Set(dedupKeys(parseOfx(fixture('caixa.ofx')).transactions)).size).toBe(3);
  });

  it('Santander: Windows-1252 characters, entities, a debit written positive with TRNTYPE DEBIT', () => {
    expect(brief('santander.ofx')).toEqual([
      ['2024-05-06', -8990, 'SAN0001', '“ASSINATURA” SOFTWARE – MAIO'],
      ['2024-05-10', 500000, 'SAN0002', 'TED CLIENTE BETA & CIA'],
    ]);
  });

  it('Nubank: OFX 2.x XML of the account (BANKID 0260), its balance and day', () => {
    const s = parseOfx(fixture('nubank-conta.ofx'));
    expect(s).toMatchObject({ bankId: '0260', acctId: '9876543-2', currency: 'BRL', ledgerBalanceCents: 141010, ledgerBalanceDate: '2024-06-30', startDate: '2024-06-01', endDate: '2024-06-30' });
    expect(brief('nubank-conta.ofx')).toEqual([
      ['2024-06-03', 150000, '66600a1b-0001-4c3d-9e8f-aaaaaaaaaaaa', 'Transferência recebida pelo Pix - JOÃO DA SILVA - •••.456.789-•• - BCO DO BRASIL S.A. (0001)'],
      ['2024-06-10', -8990, '66600a1b-0002-4c3d-9e8f-bbbbbbbbbbbb', 'Pagamento de boleto efetuado - VIVO'],
    ]);
  });

  it('a credit-card bill (Nubank CCSTMTRS) and an investment statement are refused saying what they are', () => {
    expect(() => parseOfx(fixture('nubank-cartao.ofx'))).toThrowError('Este arquivo é a fatura de um cartão de crédito. A importação de faturas de cartão ainda não é suportada: importe o extrato da conta corrente.');
    expect(() => parseOfx(fixture('investimentos.ofx'))).toThrowError('Este arquivo é um extrato de investimentos. A importação de investimentos ainda não é suportada: importe o extrato da conta corrente.');
  });

  it('Itaú: one file with two accounts gives one statement per account', () => {
    const all = parseOfxStatements(fixture('itau-duas-contas.ofx'));
    expect(all.map((s) => [s.acctId, s.transactions.length, s.ledgerBalanceCents])).toEqual([
      ['0912 12345-6', 2, 831010],
      ['0912 98765-4', 2, 415000],
    ]);
  });

  it('a DTEND before the lines is a bank’s mistake: the period is the lines’ days; the balance’s day without DTASOF is the last', () => {
    const s = parseOfx(fixture('banco-do-brasil-dtend-errado.ofx'));
    expect(s).toMatchObject({ startDate: '2024-03-04', endDate: '2024-03-11', ledgerBalanceCents: 390470, ledgerBalanceDate: '2024-03-11' });
    expect(statementPeriod('2024-03-01', '2024-03-31', [{ postedDate: '2024-03-04' }])).toEqual({ startDate: '2024-03-01', endDate: '2024-03-31' });
    expect(statementPeriod('2024-03-01', '2099-12-31', [{ postedDate: '2024-03-04' }])).toEqual({ startDate: '2024-03-04', endDate: '2024-03-04' });
    expect(statementPeriod(null, null, [])).toEqual({ startDate: null, endDate: null });
  });

  it('reads the currency a statement states (a USD account)', () => {
    expect(parseOfx(fixture('conta-global-usd.ofx')).currency).toBe('USD');
  });

  it('Inter: OFX 2.x XML with <MEMO/> and <MEMO></MEMO>, comma amounts', () => {
    expect(brief('inter.ofx')).toEqual([
      ['2024-07-01', -123456, 'INTER-1', 'Aluguel julho'],
      ['2024-07-03', 99999, 'INTER-2', ''],
    ]);
  });

  it('a malformed file is an error naming the line', () => {
    expect(() => parseOfx(fixture('malformed-amount.ofx'))).toThrowError(new StatementParseError('Valor inválido no extrato: "-2x0.75"', 51));
    expect(() => parseOfx(fixture('truncated.ofx'))).toThrowError(/não traz o extrato de uma conta corrente/);
    expect(() => parseOfx('isto não é um OFX')).toThrowError('Este arquivo não é um extrato OFX: o conteúdo do extrato não foi encontrado.');
    expect(() => parseOfx('OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN><TRNAMT>1.00</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>')).toThrowError(
      /sem data/,
    );
    expect(() => parseOfx('OFXHEADER:100\n\n<OFX>\n<BANKMSGSRSV1><STMTRS><BANKTRANLIST>\n<STMTTRN><DTPOSTED>19000101<TRNAMT>1.00\n</BANKTRANLIST></STMTRS></BANKMSGSRSV1></OFX>')).toThrowError(/fora do intervalo/);
  });
});

describe('what a person reads when a file is refused', () => {
  it('no parser words (STMTRS, BANKTRANLIST, DTPOSTED, TRNAMT, tag)', () => {
    const head = 'OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS>';
    const broken = [
      fixture('truncated.ofx'),
      `${head}</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`,
      `${head}<BANKTRANLIST><STMTTRN><TRNAMT>1.00</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`,
      `${head}<BANKTRANLIST><STMTTRN><DTPOSTED>20240101</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`,
      `${head}<BANKTRANLIST><STMTTRN>texto solto<x y></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`,
      'OFXHEADER:100\n\n<OFX></OFX> sobrou',
    ];
    for (const file of broken) {
      let message = '';
      try {
        parseOfx(file);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).not.toBe('');
      expect(message).not.toMatch(/STMTRS|BANKTRANLIST|DTPOSTED|TRNAMT|\btag\b|<OFX>/);
    }
  });
});

describe('amounts and dates', () => {
  it('reads the formats banks write', () => {
    expect(parseAmountCents('-123.45')).toBe(-12345);
    expect(parseAmountCents('123,4')).toBe(12340);
    expect(parseAmountCents('1.234,56')).toBe(123456);
    expect(parseAmountCents('1,234.56')).toBe(123456);
    expect(parseAmountCents('+10')).toBe(1000);
    expect(parseAmountCents('R$ -5,00')).toBe(-500);
    expect(parseAmountCents('(5,00)')).toBe(-500);
    expect(parseAmountCents('1234')).toBe(123400);
    expect(() => parseAmountCents('12.345.6789')).toThrow(StatementParseError);
    expect(() => parseAmountCents('abc')).toThrow(/Valor inválido/);
    expect(() => parseAmountCents('99999999999999')).toThrow(/absurdo/);
  });
  it('dates', () => {
    expect(parseOfxDate('20240229')).toBe('2024-02-29');
    expect(parseOfxDate('20241231235959.999[-3:BRT]')).toBe('2024-12-31');
    expect(() => parseOfxDate('20230229')).toThrow(/Data inválida/);
    expect(() => parseOfxDate('2024')).toThrow(/Data inválida/);
  });
});
