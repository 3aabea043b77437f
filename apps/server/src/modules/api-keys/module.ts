import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { defineModule, type ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { apiKeysRoutes } from './routes.ts';

/** The company's export (decision 0135): its keys as the list shows them, never the secret's hash. */
async function exportApiKeys(_s: Services, tenant: Tenant, out: ExportSink) {
  out.csv(
    'chaves-de-api.csv',
    ['id', 'name', 'kind', 'prefix', 'permissions', 'allowedOrigins', 'rateLimitPerMinute', 'createdBy', 'expiresAt', 'revokedAt', 'revokedBy', 'lastUsedAt', 'createdAt'],
    companyRows(tenant, schema.apiKeys),
  );
}

/** The company's API keys (decision 0640): created, listed and revoked by its admins. */
export default defineModule({ key: 'api-keys', area: 'admin', mount: '/api-keys', routes: apiKeysRoutes, exportData: exportApiKeys });
