import { describe, expect, it } from 'vitest';
import { StatementParseError } from './ofx.ts';
import { statementAccountMatches, suggestMatches, type MatchCandidate } from './reconciliation.ts';
import { parseStatementCsv } from './statement-csv.ts';

describe('CSV statements', () => {
  it('reads `;` with a header, decimal comma and thousands dots, ISO-8859-1 bytes', () => {
    const bytes = Uint8Array.from(Buffer.from('Data;Histórico;Valor\r\n05/01/2024;PIX RECEBIDO JOSÉ;1.500,00\r\n06/01/2024;"TARIFA; PACOTE";-39,90\r\n', 'latin1'));
    const s = parseStatementCsv(bytes);
    expect(s.transactions.map((t) => [t.postedDate, t.memo, t.amountCents, t.line])).toEqual([
      ['2024-01-05', 'PIX RECEBIDO JOSÉ', 150000, 2],
      ['2024-01-06', 'TARIFA; PACOTE', -3990, 3],
    ]);
    expect([s.startDate, s.endDate]).toEqual(['2024-01-05', '2024-01-06']);
  });
  it('reads `,` without a header, ISO dates, quoted and unquoted decimal commas', () => {
    const s = parseStatementCsv('2024-02-01,Aluguel,"-1.200,00"\n2024-02-02,Padaria,-12,50\n2024-02-03,Venda,99.9\n');
    expect(s.transactions.map((t) => [t.postedDate, t.memo, t.amountCents])).toEqual([
      ['2024-02-01', 'Aluguel', -120000],
      ['2024-02-02', 'Padaria', -1250],
      ['2024-02-03', 'Venda', 9990],
    ]);
  });
  it('refuses a bad date, a bad amount, a file without the columns, naming the line', () => {
    expect(() => parseStatementCsv('Data;Descrição;Valor\n05/01/2024;A;10,00\n31/02/2024;B;5,00\n')).toThrowError(new StatementParseError('Data inválida no extrato: "31/02/2024"', 3));
    expect(() => parseStatementCsv('05/01/2024;A;dez reais\n')).toThrowError(/Valor inválido.*linha 1/);
    expect(() => parseStatementCsv('nome;idade\nAna;30\n')).toThrowError(/não tem as colunas de um extrato/);
    expect(() => parseStatementCsv('01/01/1900;Antigo;1,00\n')).toThrowError(/fora do intervalo/);
  });
});

describe('match suggestions', () => {
  const line = (id: string, postedDate: string, amountCents: number, accountId = 'acc1') => ({ id, postedDate, amountCents, accountId });
  const entry = (id: string, kind: 'payable' | 'receivable', date: string, amountCents: number, accountId: string | null = 'acc1'): MatchCandidate => ({ type: 'entry', id, kind, date, amountCents, accountId, description: id });
  it('matches a debit to a payable and a credit to a receivable of the same amount within ±5 days', () => {
    const out = suggestMatches(
      [line('l1', '2024-03-10', -5000), line('l2', '2024-03-10', 5000), line('l3', '2024-03-10', -7000)],
      [entry('p1', 'payable', '2024-03-08', 5000), entry('r1', 'receivable', '2024-03-12', 5000), entry('p2', 'payable', '2024-03-20', 7000)],
    );
    expect(out.map((s) => [s.lineId, s.candidate.id, s.daysApart])).toEqual([
      ['l1', 'p1', 2],
      ['l2', 'r1', 2],
    ]);
  });
  it('prefers a payment on the same account, then the nearest date, and offers each candidate once', () => {
    const payment: MatchCandidate = { type: 'payment', id: 'pay1', entryId: 'e9', kind: 'payable', date: '2024-03-14', amountCents: 5000, accountId: 'acc1', description: 'x' };
    const otherAccount: MatchCandidate = { ...payment, id: 'pay2', accountId: 'acc2', date: '2024-03-10' };
    const out = suggestMatches(
      [line('l1', '2024-03-10', -5000), line('l2', '2024-03-11', -5000), line('l3', '2024-03-12', -5000)],
      [entry('near', 'payable', '2024-03-10', 5000), entry('far', 'payable', '2024-03-15', 5000), payment, otherAccount],
    );
    expect(Object.fromEntries(out.map((s) => [s.lineId, s.candidate.id]))).toEqual({ l3: 'pay1', l1: 'near', l2: 'far' });
  });
  it('checks the statement account against the chosen one', () => {
    expect(statementAccountMatches({ bankId: '0341', acctId: '1234567890' }, { bankCode: '341', accountNumber: '67890' })).toBe(true);
    expect(statementAccountMatches({ bankId: '1', acctId: '12345-6' }, { bankCode: '001', accountNumber: '12345' })).toBe(true);
    expect(statementAccountMatches({ bankId: '237', acctId: '98765-4' }, { bankCode: '341', accountNumber: '98765-4' })).toBe(false);
    expect(statementAccountMatches({ bankId: '237', acctId: '98765-4' }, { bankCode: '237', accountNumber: '11111-1' })).toBe(false);
    expect(statementAccountMatches({ bankId: null, acctId: 'abc' }, { bankCode: null, accountNumber: null })).toBe(true);
  });
});
