import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../src/modules/index.ts';
import { defineModule, mountOrder, mountPath, startOrder, type ModuleDefinition } from '../../src/platform/module.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * MODULES is generated from the folders, by name (decision 0441): the order modules are mounted in
 * must not decide who answers a request, and a module that reads another's registrations in its
 * `start` names it in `after`.
 */
describe('module order', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('every route resolves to the same handlers whatever order the modules are listed in', () => {
    const modules = MODULES.filter((m) => m.routes);
    const routers = new Map(modules.map((m) => [m, { mount: mountPath(m), router: m.routes!(server.services) }]));
    // As app.ts mounts them: a module under another's path ('/finance/reports') after it.
    const mounted = (list: ModuleDefinition[]) => {
      const api = new Hono();
      for (const m of mountOrder(list)) api.route(routers.get(m)!.mount, routers.get(m)!.router);
      return api;
    };
    const forward = mounted(modules);
    const backward = mounted([...modules].reverse());
    const handlers = (api: Hono, method: string, path: string) => (api.router.match(method, path)[0] as unknown as Array<[[unknown, unknown], unknown]>).map(([[h]]) => h);
    let compared = 0;
    for (const { mount, router } of routers.values()) {
      for (const route of router.routes) {
        if (route.method === 'ALL') continue;
        // A concrete path for the route: each parameter and wildcard becomes a segment.
        const path = `${mount === '/' ? '' : mount}${route.path}`.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?\??|\*/g, 'x1');
        expect(handlers(backward, route.method, path), `${route.method} ${path}`).toEqual(handlers(forward, route.method, path));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it("starts each module after the ones it names in 'after' (collaboration reads files' company entity)", () => {
    const keys = startOrder(MODULES).map((m) => m.key);
    expect(keys.indexOf('collaboration')).toBeGreaterThan(keys.indexOf('files'));
    expect([...keys].sort()).toEqual(MODULES.map((m) => m.key).sort());
  });

  it('keeps the list order otherwise, ignores a missing module and refuses a cycle', () => {
    const m = (key: string, after?: string[]): ModuleDefinition => defineModule({ key, after });
    expect(startOrder([m('a'), m('b', ['d', 'nowhere']), m('c'), m('d')]).map((x) => x.key)).toEqual(['a', 'd', 'b', 'c']);
    expect(() => startOrder([m('a', ['b']), m('b', ['a'])])).toThrow(/cycle: a → b → a/);
  });

  it('mounts a module under another module\'s path after it, whatever the list says', () => {
    const at = (key: string, mount: string) => defineModule({ key, mount });
    expect(mountOrder([at('reports', '/finance/reports'), at('finance', '/finance'), at('root', '/')]).map((x) => x.key)).toEqual(['root', 'finance', 'reports']);
  });
});
