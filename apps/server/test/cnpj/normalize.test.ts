import { describe, expect, it } from 'vitest';
import * as n from '../../src/modules/cnpj/normalize.ts';

describe('normalize helpers', () => {
  it('text: upper case, no accents, single spaces; placeholders are null', () => {
    expect(n.text('  São   Paulo ')).toBe('SAO PAULO');
    expect(n.text('Padaria Ação Ótima')).toBe('PADARIA ACAO OTIMA');
    expect(n.text('')).toBeNull();
    expect(n.text('********')).toBeNull();
    expect(n.text(null)).toBeNull();
  });

  it('logradouro: street type in full, never twice', () => {
    expect(n.logradouro('RUA', 'DAS ACACIAS')).toBe('RUA DAS ACACIAS');
    expect(n.logradouro('Rua', 'Rua das Acácias')).toBe('RUA DAS ACACIAS');
    expect(n.logradouro(null, 'R DAS ACACIAS')).toBe('RUA DAS ACACIAS');
    expect(n.logradouro(null, 'AV. BRASIL')).toBe('AVENIDA BRASIL');
    expect(n.logradouro(null, 'PC DA SE')).toBe('PRACA DA SE');
    expect(n.logradouro(null, 'RAPOSO TAVARES')).toBe('RAPOSO TAVARES');
    expect(n.logradouro(null, '')).toBeNull();
  });

  it('cnae: NNNN-N/NN from any code form, leading zero restored', () => {
    expect(n.cnae(1091102, 'Fabricação')).toBe('1091-1/02 - Fabricação');
    expect(n.cnae('10.91-1-02', 'Fabricação')).toBe('1091-1/02 - Fabricação');
    expect(n.cnae('1091-1/02', null)).toBe('1091-1/02');
    expect(n.cnae(111301, 'Cultivo de arroz')).toBe('0111-3/01 - Cultivo de arroz');
    expect(n.cnae('00.00-0-00', 'Não informada')).toBeNull();
  });

  it('isoDate: YYYY-MM-DD from the providers forms', () => {
    expect(n.isoDate('15/03/2019')).toBe('2019-03-15');
    expect(n.isoDate('2019-03-15')).toBe('2019-03-15');
    expect(n.isoDate('2019-03-15T00:00:00.000Z')).toBe('2019-03-15');
    expect(n.isoDate('20190315')).toBe('2019-03-15');
    expect(n.isoDate('00000000')).toBeNull();
    expect(n.isoDate('')).toBeNull();
  });

  it('contact and address fields', () => {
    expect(n.digits('(11) 3040-5060')).toBe('1130405060');
    expect(n.email(' Contato@Padaria.EXAMPLE ')).toBe('contato@padaria.example');
    expect(n.email('')).toBeNull();
    expect(n.cep('04.571-000')).toBe('04571000');
    expect(n.cep('4571000')).toBeNull();
    expect(n.uf('sp')).toBe('SP');
    expect(n.numero('s/n')).toBe('S/N');
    expect(n.cnpj('98.765.432/0001-98')).toBe('98765432000198');
    expect(n.cnpj('98.765.432/0001-99')).toBeNull();
  });
});
