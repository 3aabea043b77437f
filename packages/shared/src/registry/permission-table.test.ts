import { describe, expect, it } from 'vitest';
import { computePermissions } from '../permissions.ts';
import { AREAS } from './areas.ts';
import { ALL_PERMISSIONS, can, grantsFor, type Membership, type Permission } from './permissions.ts';

/**
 * Decision 0125's table, written out: who holds each action of the shared commercial tools
 * and the parties. Any change to the grants that moves one of these cells fails here.
 */
const WHO: Record<string, Membership> = {
  rh: { role: 'rh' },
  financeiro: { role: 'financeiro' },
  juridico: { role: 'juridico' },
  projetos: { role: 'projetos' },
  marketing: { role: 'marketing' },
  vendas: { role: 'vendas' },
  customVendas: { role: 'custom', customPermissions: ['vendas'] },
  customNone: { role: 'custom', customPermissions: [] },
  unknown: { role: 'estagiario' },
  admin: { role: 'admin' },
};
const EVERY = Object.keys(WHO);
const SALES = ['vendas', 'customVendas', 'admin'];

const TABLE: Array<[Permission, string[]]> = [
  ['parties.read', EVERY],
  ['parties.write', EVERY],
  ['parties.delete', SALES],
  ['parties.export', [...SALES, 'marketing']],
  ['parties.erase', ['admin']],
  ['crm.read', EVERY],
  ['crm.write', EVERY],
  ['crm.delete', SALES],
  ['crm.export', SALES],
  ['crm.ai', EVERY],
  ['prospecting.read', EVERY],
  ['prospecting.write', EVERY],
  ['prospecting.ai', EVERY],
  ['prospecting.delete', SALES],
  ['prospecting.export', SALES],
  ['campaigns.read', EVERY],
  ['campaigns.write', EVERY],
  ['campaigns.send', EVERY],
  ['campaigns.ai', EVERY],
  ['campaigns.delete', [...SALES, 'marketing']],
  ['inbox.read', EVERY],
  ['inbox.write', EVERY],
  ['inbox.ai', EVERY],
  ['inbox.delete', SALES],
  ['inbox.export', SALES],
  // /comercial, /metricas and /analise-reunioes stay with the sales team (spec §2).
  ['sales.read', SALES],
  ['sales.ai', SALES],
  ['sales.export', SALES],
];

describe('decision 0125: who may use what', () => {
  it.each(TABLE)('%s', (permission, holders) => {
    const got = EVERY.filter((who) => can(grantsFor(WHO[who]), permission));
    expect(got.sort()).toEqual([...holders].sort());
  });

  it('every area action is in the table or belongs to a department area of decision 0090', () => {
    const covered = new Set(TABLE.map(([p]) => p));
    for (const p of ALL_PERMISSIONS) {
      if (/^(parties|crm|prospeccao|campanhas|atendimento)\./.test(p)) expect(covered.has(p), p).toBe(true);
    }
  });

  it('the member tools add no spec flag: a member still sees /comercial locked', () => {
    expect(computePermissions({ role: 'rh' }).canAccessComercial).toBe(false);
    expect(computePermissions({ role: 'vendas' }).canAccessComercial).toBe(true);
  });

  it("the spec's member tools are exactly the pages these permissions serve", () => {
    expect([...AREAS.find((a) => a.key === 'sales')!.memberTools].sort()).toEqual(
      ['/atendimento', '/atendimento-simples', '/campanhas-massa', '/cnpj-search', '/deep-search', '/extrair-leads', '/extrair-leads-cnpj', '/kanban-leads', '/lista-contatos'].sort(),
    );
  });
});
