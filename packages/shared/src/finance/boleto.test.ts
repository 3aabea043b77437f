import { describe, expect, it } from 'vitest';
import { asaasWebhookSchema, formatBoletoLine, isValidBoletoLine, providerSettingsSaveSchema } from './boleto.ts';

const LINE = '00190000090114971860168524522114675860000102656';

describe('boleto helpers', () => {
  it('accepts a linha digitável with valid check digits only, 47 digits, unformatted', () => {
    expect(isValidBoletoLine(LINE)).toBe(true);
    expect(isValidBoletoLine(`${LINE.slice(0, 46)}7`)).toBe(false);
    expect(isValidBoletoLine(LINE.slice(1))).toBe(false);
    expect(isValidBoletoLine(formatBoletoLine(LINE))).toBe(false);
    expect(formatBoletoLine(LINE)).toBe('00190.00009 01149.718601 68524.522114 6 75860000102656');
  });

  it('settings: environment in Portuguese, key trimmed and optional on an update', () => {
    const accountId = '4b7c0a58-4a4e-4e43-9f1c-1f3b8b4e9a2d';
    expect(providerSettingsSaveSchema.safeParse({ environment: 'nuvem', accountId }).error?.issues[0]?.message).toBe('Escolha o ambiente: sandbox ou produção.');
    expect(providerSettingsSaveSchema.parse({ environment: 'sandbox', accountId, apiKey: '  $aact_hmlg_abcdef  ' }).apiKey).toBe('$aact_hmlg_abcdef');
    expect(providerSettingsSaveSchema.parse({ environment: 'production', accountId }).apiKey).toBeUndefined();
    expect(providerSettingsSaveSchema.safeParse({ environment: 'sandbox', accountId, apiKey: 'curta' }).success).toBe(false);
  });

  it("reads Asaas's webhook and lets its other fields through", () => {
    const body = { id: 'evt_05b708f961d739ea7eba7e4db318f621&368604920', event: 'PAYMENT_RECEIVED', dateCreated: '2024-06-12 16:45:03', payment: { object: 'payment', id: 'pay_080225913252', value: 100, paymentDate: '2024-06-12', billingType: 'BOLETO' } };
    expect(asaasWebhookSchema.parse(body)).toMatchObject({ id: body.id, payment: { id: 'pay_080225913252', value: 100, billingType: 'BOLETO' } });
    expect(asaasWebhookSchema.safeParse({ event: 'PAYMENT_RECEIVED' }).success).toBe(false);
  });
});
