import type { PaymentsMode } from '@sede/shared/billing';
import { api } from '../api-client.ts';

/** GET /api/config: public switches the app needs before sign-in. */
export type AppConfig = { googleEnabled: boolean; devMailbox: boolean; paymentsMode: PaymentsMode };

/** Without TanStack Query, for /auth (decision 0700); the signed-in pages read it through get-config.ts. */
export const getConfig = () => api<AppConfig>('/config');
