import { describe, expect, it } from 'vitest';
import { COIN_PACKAGES, PLAN_INCLUDES } from '../billing.ts';
import { CONFIRM_THRESHOLD_COINS, coinsLabel, isPaidAction, PAID_ACTION_MESSAGES, PAID_ACTIONS, paidActionButtonLabel, PRICES, priceOf } from './prices.ts';

describe('price table', () => {
  it('every paid action has a whole price from 1 to 10 coins and pt-BR words', () => {
    expect(PAID_ACTIONS.length).toBeGreaterThanOrEqual(15);
    for (const key of PAID_ACTIONS) {
      const p = PRICES[key];
      expect(Number.isInteger(p.coins), key).toBe(true);
      expect(p.coins, key).toBeGreaterThanOrEqual(1);
      expect(p.coins, key).toBeLessThanOrEqual(10);
      expect(p.label.length, key).toBeGreaterThan(3);
      expect(p.verb.length, key).toBeGreaterThan(3);
    }
  });

  it('covers the actions the areas will add', () => {
    for (const key of [
      'ai.contract_analysis',
      'ai.resume_analysis',
      'ai.interview_analysis',
      'ai.meeting_analysis',
      'ai.deal_summary',
      'ai.next_step',
      'ai.lead_score',
      'ai.suggested_reply',
      'ai.invoice_reading',
      'ai.category_suggestion',
      'ai.project_from_brief',
      'ai.document_draft',
      'ai.creative_copy',
      'prospect.lead_reveal',
    ]) {
      expect(isPaidAction(key), key).toBe(true);
    }
    expect(isPaidAction('toString')).toBe(false);
  });

  it('fits the economy: the monthly plan pays for a month of small actions (decision 0120)', () => {
    const monthly = PLAN_INCLUDES.monthlyCoins;
    expect(monthly).toBe(30);
    // 30 small AI actions (1 coin each) fit in the allowance; the dearest action is at most 1/6 of it.
    expect(PRICES['ai.deal_summary'].coins * 30).toBeLessThanOrEqual(monthly);
    expect(Math.max(...PAID_ACTIONS.map((k) => PRICES[k].coins))).toBeLessThanOrEqual(monthly / 6);
    // A coin is sold at about R$ 1 (the smallest package).
    expect(COIN_PACKAGES[0].priceCents / COIN_PACKAGES[0].coins).toBe(100);
  });

  it('priceOf multiplies per-unit prices and refuses bad quantities', () => {
    expect(priceOf('ai.contract_analysis')).toBe(5);
    expect(priceOf('prospect.lead_reveal', 25)).toBe(25);
    expect(() => priceOf('prospect.lead_reveal', 0)).toThrow(RangeError);
    expect(() => priceOf('prospect.lead_reveal', 1.5)).toThrow(RangeError);
    expect(() => priceOf('prospect.lead_reveal', 501)).toThrow(RangeError);
  });

  it('button labels show the price before the action', () => {
    expect(paidActionButtonLabel('ai.document_draft')).toBe('Gerar rascunho · 3 moedas');
    expect(paidActionButtonLabel('ai.deal_summary')).toBe('Resumir · 1 moeda');
    expect(paidActionButtonLabel('ai.contract_analysis', 1, { verb: 'Analisar' })).toBe('Analisar · 5 moedas');
    expect(paidActionButtonLabel('prospect.lead_reveal', 12)).toBe('Revelar contatos · 12 moedas');
    expect(paidActionButtonLabel('ai.contract_analysis', 1, { ownKey: true })).toBe('Analisar contrato · sem moedas (sua chave de IA)');
    expect(paidActionButtonLabel('prospect.lead_reveal', 2, { ownKey: true })).toBe('Revelar contatos · 2 moedas');
    expect(coinsLabel(1000)).toBe('1.000 moedas');
    expect(CONFIRM_THRESHOLD_COINS).toBe(5);
    expect(PAID_ACTION_MESSAGES.insufficient(5, 2)).toBe(
      'Saldo de moedas insuficiente: esta ação custa 5 moedas e a empresa tem 2 moedas. Compre mais moedas em /comprar-moedas.',
    );
  });
});
