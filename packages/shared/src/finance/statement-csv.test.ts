import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseStatementCsv } from './statement-csv.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../../apps/server/test/fixtures/csv/${name}`, import.meta.url)));
const brief = (name: string) => parseStatementCsv(fixture(name)).transactions.map((t) => [t.postedDate, t.amountCents, t.memo]);

// Issue item 10: balance lines (saldo anterior, saldo do dia, S A L D O, total) are the bank's balance, never transactions.
describe('bank CSV exports', () => {
  it('Itaú (; and Latin-1): SALDO ANTERIOR and SALDO DO DIA are not credits; the last one is the balance', () => {
    const s = parseStatementCsv(fixture('itau.csv'));
    expect(brief('itau.csv')).toEqual([
      ['2024-02-01', 275000, 'PIX TRANSF MARIA S01/02'],
      ['2024-02-01', -25000, 'SISPAG FORNECEDORES'],
      ['2024-02-02', -8990, 'TAR PACOTE ITAÚ EMPRESAS'],
    ]);
    expect(s).toMatchObject({ startDate: '2024-02-01', endDate: '2024-02-02', ledgerBalanceCents: 1_241_010, ledgerBalanceDate: '2024-02-02' });
  });

  it('Bradesco: title line before the columns, credit and debit columns, a Total line', () => {
    const s = parseStatementCsv(fixture('bradesco.csv'));
    expect(brief('bradesco.csv')).toEqual([
      ['2024-03-04', 120000, 'TRANSFERENCIA PIX REM: PADARIA PAO QUENTE 04/03'],
      ['2024-03-05', -85000, 'PAGTO ELETRON COBRANCA CONDOMINIO'],
      ['2024-03-05', -4500, 'TARIFA BANCARIA CESTA PJ'],
    ]);
    expect(s).toMatchObject({ ledgerBalanceCents: 530500, ledgerBalanceDate: '2024-03-05' });
  });

  it('Banco do Brasil: quoted cells, Saldo Anterior and S A L D O', () => {
    const s = parseStatementCsv(fixture('banco-do-brasil.csv'));
    expect(brief('banco-do-brasil.csv')).toEqual([
      ['2024-03-01', 150000, 'Pix - Recebido'],
      ['2024-03-04', -32045, 'Pagamento de Boleto'],
    ]);
    expect(s).toMatchObject({ ledgerBalanceCents: 417955, ledgerBalanceDate: '2024-03-04' });
  });

  it('Nubank (, and a decimal point): the Identificador is the transaction id; no balance stated', () => {
    const s = parseStatementCsv(fixture('nubank.csv'));
    expect(s.transactions.map((t) => [t.postedDate, t.amountCents, t.fitId])).toEqual([
      ['2024-06-03', 150000, '66600a1b-0001-4c3d-9e8f-aaaaaaaaaaaa'],
      ['2024-06-10', -8990, '66600a1b-0002-4c3d-9e8f-bbbbbbbbbbbb'],
    ]);
    expect(s.ledgerBalanceCents).toBeNull();
  });

  it('a file listed newest first takes its latest balance', () => {
    const s = parseStatementCsv('Data;Descrição;Valor;Saldo\n05/01/2024;Venda;100,00;1.100,00\n04/01/2024;Tarifa;-10,00;1.000,00\n');
    expect(s).toMatchObject({ ledgerBalanceCents: 110000, ledgerBalanceDate: '2024-01-05' });
  });
});
