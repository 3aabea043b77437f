import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, ACTIVITY_GROUPS, activityLabel, activityQuerySchema } from '@sede/shared/activity';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, sql } from '../team/support.ts';

/**
 * Every action the server can log has its own pt-BR words (decision 0390). The actions are read
 * from the code itself: each `logAudit(…)` / `logActivity(…)` call in apps/server/src and the SQL
 * of the sign-in line, so a new call with a new action fails here until it has its label.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');
/** The helpers that forward an action they were given (not a call site of their own). */
const FORWARDERS = new Set(['platform/audit.ts']);
// `auditLine` marks a line another call inserts (logAuditEntries): its action is read there.
const LOGGERS = new Set(['logAudit', 'logActivity', 'auditLine']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && typeof (v as Node).type === 'string';

/** The string values an `action:` expression can take; null when it is not made of literals. */
function literalValues(node: Node): string[] | null {
  if (node.type === 'StringLiteral') return [node.value as string];
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0) return [(node.quasis as Array<{ value: { cooked: string } }>)[0]!.value.cooked];
  if (node.type === 'ConditionalExpression') {
    const a = literalValues(node.consequent as Node);
    const b = literalValues(node.alternate as Node);
    return a && b ? [...a, ...b] : null;
  }
  return null;
}

function walk(node: unknown, visit: (n: Node) => void) {
  if (Array.isArray(node)) return node.forEach((n) => walk(n, visit));
  if (!isNode(node)) return;
  visit(node);
  for (const [key, value] of Object.entries(node)) if (key !== 'loc' && value && typeof value === 'object') walk(value, visit);
}

type Site = { where: string; actions: string[] | null };

function callSites(): Site[] {
  const sites: Site[] = [];
  for (const file of sourceFiles(SRC)) {
    const rel = path.relative(SRC, file);
    const text = readFileSync(file, 'utf8');
    const ast = parse(text, { sourceType: 'module', plugins: ['typescript'] });
    walk(ast.program, (node) => {
      const callee = node.callee as Node | undefined;
      if (node.type !== 'CallExpression' || callee?.type !== 'Identifier' || !LOGGERS.has(callee.name as string) || FORWARDERS.has(rel)) return;
      const entry = (node.arguments as Node[]).findLast((a) => a.type === 'ObjectExpression');
      const prop = (entry?.properties as Node[] | undefined)?.find((p) => p.type === 'ObjectProperty' && (p.key as Node).type === 'Identifier' && (p.key as Node).name === 'action');
      sites.push({ where: `${rel}:${node.loc?.start.line}`, actions: prop ? literalValues(prop.value as Node) : null });
    });
    // Lines written by SQL (the sign-in): `INSERT INTO activity_log … SELECT …, '<action>'`.
    for (const m of text.matchAll(/INSERT INTO activity_log[\s\S]*?SELECT[^']*'([a-z_]+)'/g)) sites.push({ where: `${rel} (SQL)`, actions: [m[1]!] });
  }
  return sites;
}

describe('the activity log’s actions', () => {
  const sites = callSites();
  const logged = new Set(sites.flatMap((s) => s.actions ?? []));

  it('every call names its action with literals, so it can be checked', () => {
    expect(sites.length).toBeGreaterThan(80);
    expect(sites.filter((s) => !s.actions).map((s) => s.where)).toEqual([]);
  });

  it('every action the code can log has a pt-BR label of its own, and is a filter choice', () => {
    const labels = ACTIVITY_ACTIONS as Record<string, string>;
    for (const action of logged) {
      expect(labels[action], `${action} has no label`).toBeTruthy();
      expect(activityLabel(action)).toBe(labels[action]);
      expect(activityQuerySchema.safeParse({ action }).success, action).toBe(true);
    }
    // No two actions share words: the label alone says what happened.
    const byLabel = new Map<string, string[]>();
    for (const [action, label] of Object.entries(labels)) byLabel.set(label, [...(byLabel.get(label) ?? []), action]);
    expect([...byLabel.values()].filter((actions) => actions.length > 1)).toEqual([]);
    // The generic words of earlier lines are never logged again.
    for (const generic of ['entity_deleted', 'data_exported', 'data_erased', 'settings_changed', 'message_sent', 'bulk_updated', 'data_imported']) {
      expect(logged.has(generic), generic).toBe(false);
    }
  });

  it('every label belongs to an action the code logs (no dead entries), in exactly one group', () => {
    expect(Object.keys(ACTIVITY_ACTIONS).filter((a) => !logged.has(a))).toEqual([]);
    const grouped = Object.values(ACTIVITY_GROUPS).flatMap((g) => Object.keys(g));
    expect(grouped.length).toBe(new Set(grouped).size);
  });

  it('an unknown action reads as a neutral phrase, never as its key', () => {
    expect(activityLabel('something_new')).toBe('Ação registrada');
    expect(activityLabel('settings_changed')).toBe('Configurações alteradas');
  });
});

describe('migration 0018: lines written with a generic action get their own', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('renames each earlier generic line by what it acted on; the result is always a known action', async () => {
    const { companyId } = await createCompanyWithAdmin(server, 'Empresa Antiga Ltda');
    const earlier: Array<[string, Record<string, unknown>, string]> = [
      ['entity_deleted', { entity: 'deal', label: 'Venda' }, 'deal_deleted'],
      ['entity_deleted', { entity: 'task', kind: 'project' }, 'project_task_deleted'],
      ['entity_deleted', { entity: 'task', kind: 'call' }, 'task_deleted'],
      ['entity_deleted', { entity: 'people', operation: 'delete' }, 'people_bulk_deleted'],
      ['data_exported', { entity: 'file', via: 'share_link' }, 'file_share_link_created'],
      ['data_exported', { entity: 'file', via: 'link' }, 'file_link_created'],
      ['settings_changed', { entity: 'file', via: 'share_link_revoked' }, 'file_share_link_revoked'],
      ['settings_changed', { entity: 'crm_pipeline', change: 'stages_reordered' }, 'crm_stages_reordered'],
      ['settings_changed', { entity: 'crm_stage', change: 'created' }, 'crm_stage_created'],
      ['message_sent', { entity: 'campaign', scheduled: true }, 'campaign_scheduled'],
      ['message_sent', { entity: 'marketing_approval_link' }, 'marketing_approval_link_sent'],
      ['settings_changed', { entity: 'marketing_approval_link', revoked: true }, 'marketing_approval_link_revoked'],
      ['settings_changed', { entity: 'marketing_approval_link', decision: 'alteracoes', by: 'cliente' }, 'marketing_changes_requested_by_client'],
      ['data_erased', { entity: 'candidate', reason: 'retention' }, 'candidates_erased_by_retention'],
      ['data_imported', { entity: 'crm_import' }, 'contacts_imported'],
      ['settings_changed', { entity: 'something_unknown' }, 'settings_changed'],
    ];
    for (const [action, details] of earlier) {
      await sql(server, 'INSERT INTO activity_log (company_id, action, details) VALUES ($1, $2, $3)', [companyId, action, JSON.stringify(details)]);
    }
    const migration = readFileSync(path.resolve(import.meta.dirname, '../../../../packages/db/migrations/0018_activity_actions_own_words.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await sql(server, statement);
    const rows = await sql(server, 'SELECT action, details FROM activity_log WHERE company_id = $1 ORDER BY id', [companyId]);
    expect(rows.map((r) => r.action)).toEqual(earlier.map(([, , expected]) => expected));
    expect(rows.at(-3)!.details.by).toBe('sistema');
    for (const r of rows.slice(0, -1)) expect(ACTIVITY_ACTIONS, r.action).toHaveProperty(r.action);
    // Every action the migration writes is one the log knows.
    const written = [...migration.matchAll(/\('[a-z_]+', '[a-z_]+', '([a-z_]+)'\)|(?:THEN|ELSE|SET "action" =) '([a-z_]+)'/g)].map((m) => m[1] ?? m[2]!);
    expect(written.length).toBeGreaterThan(60);
    expect(written.filter((a) => !(a in ACTIVITY_ACTIONS))).toEqual([]);
  });
});
