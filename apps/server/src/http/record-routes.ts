import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { okSchema } from '@sede/shared/platform/api';
import type { CompanyEnv, Tenant } from '../services.ts';
import { answerSuccess, contract, type ContractSpec } from './contract.ts';

type Ctx = Context<CompanyEnv>;
type Guard = MiddlewareHandler<CompanyEnv>;
type Route<Run> = { summary: string; guard?: Guard; run: Run };
type Answer<R extends z.ZodType> = Promise<z.input<R>>;

/**
 * The routes of one kind of company record (decision 0521): `POST path` creates it (201),
 * `GET`, `PATCH` and `DELETE path/:id` read, change and delete it (`{ success: true }`). Each
 * names its summary, the permission it needs beyond the router's (`guard`) and the service
 * function, called with the caller's tenant; the contract and the answer are the same for every
 * record. A record's list and its other routes stay written out beside it.
 */
export function recordRoutes<R extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  r: Hono<CompanyEnv>,
  path: string,
  params: z.ZodType<{ id: string }>,
  response: R,
  routes: {
    create: Route<(t: Tenant, input: z.output<C>) => Answer<R>> & { body: C };
    read: Route<(t: Tenant, id: string) => Answer<R>>;
    update: Route<(t: Tenant, id: string, input: z.output<U>) => Answer<R>> & { body: U };
    remove: Route<(t: Tenant, id: string) => Promise<unknown>>;
  },
) {
  const { create, read, update, remove } = routes;
  const one = `${path === '/' ? '' : path}/:id`;
  const on = (method: string, at: string, guard: Guard | undefined, spec: ContractSpec, answer: (c: Ctx) => Promise<Response>) =>
    (r.on as unknown as (method: string, path: string, ...handlers: Guard[]) => void).call(r, method, at, ...(guard ? [guard] : []), contract(spec), answer);
  // What the contract validated before the handler runs.
  const valid = <T>(c: Ctx, target: 'json' | 'param') => (c.req.valid as unknown as (target: string) => T)(target);
  const id = (c: Ctx) => valid<{ id: string }>(c, 'param').id;
  const json = (c: Ctx, value: unknown, status?: 201) => c.json(value as never, status);
  on('POST', path, create.guard, { summary: create.summary, body: create.body, response, status: 201 }, async (c) => json(c, await create.run(c.get('tenant'), valid(c, 'json')), 201));
  on('GET', one, read.guard, { summary: read.summary, params, response }, async (c) => json(c, await read.run(c.get('tenant'), id(c))));
  on('PATCH', one, update.guard, { summary: update.summary, params, body: update.body, response }, async (c) => json(c, await update.run(c.get('tenant'), id(c), valid(c, 'json'))));
  on('DELETE', one, remove.guard, { summary: remove.summary, params, response: okSchema }, async (c) => answerSuccess(c, remove.run(c.get('tenant'), id(c))));
}
