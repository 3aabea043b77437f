import type { SalesOverview } from '@sede/shared/crm/sales';
import { api } from '../../../lib/api-client.ts';

/** GET /api/comercial/overview: KPIs and the tools' tiles. */
export const getOverview = () => api<SalesOverview>('/comercial/overview');
