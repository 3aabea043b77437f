import type { ComercialOverview } from '@sede/shared/crm/comercial';
import { api } from '../../../lib/api-client.ts';

/** GET /api/comercial/overview: KPIs and the tools' tiles. */
export const getOverview = () => api<ComercialOverview>('/comercial/overview');
