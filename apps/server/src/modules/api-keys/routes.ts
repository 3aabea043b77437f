import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeyListSchema, apiKeyOptionsSchema, apiKeySchema, API_KEY_MESSAGES as M } from '@sede/shared/platform/api-keys';
import { grantsFor } from '@sede/shared/registry/permissions';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { apiKeyCache } from '../../http/api-key.ts';
import { contract, idParams } from '../../http/contract.ts';
import type { Services } from '../../services.ts';
import { PUBLIC_API_PERMISSION_LABELS, PUBLIC_API_PERMISSIONS } from '../api-v1/public.ts';
import { createKey, keyOptions, listKeys, revokeKey } from './service.ts';

const keyId = idParams(M.keyNotFound);
const OFFERED = new Set(PUBLIC_API_PERMISSIONS);

/** /api/api-keys: the company's API keys, for its admins (Administração → Integrações, decision 0640). */
export function apiKeysRoutes(s: Services) {
  const r = areaRouter(s, 'admin');
  r.get('/', contract({ summary: 'Listar chaves de API', response: apiKeyListSchema }), async (c) => c.json({ keys: await listKeys(tenant(c)) }));
  r.get('/options', contract({ summary: 'Permissões que uma chave pode receber', response: apiKeyOptionsSchema }), async (c) =>
    c.json(keyOptions(grantsFor(c.get('viewer').membership), OFFERED, PUBLIC_API_PERMISSION_LABELS)),
  );
  r.post('/', contract({ summary: 'Criar chave de API (mostrada uma única vez)', body: apiKeyCreateSchema, response: apiKeyCreatedSchema, status: 201 }), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await createKey(tenant(c), grantsFor(c.get('viewer').membership), c.req.valid('json')), 201);
  });
  r.post('/:id/revoke', contract({ summary: 'Revogar chave de API', params: keyId, response: apiKeySchema }), async (c) => {
    const key = await revokeKey(tenant(c), c.req.valid('param').id);
    // This instance at once; the others when the revocation's NOTIFY reaches them.
    apiKeyCache(s).evictAll();
    return c.json(key);
  });
  return r;
}
