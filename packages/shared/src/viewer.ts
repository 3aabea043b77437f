import type { z } from 'zod';
import type { viewerCompanySchema, viewerProfileSchema, viewerSchema } from './platform/core.ts';

/** The signed-in bootstrap (`GET /api/me`), as the server builds it and the web reads it (schemas: platform/core.ts). */
export type ViewerProfile = z.infer<typeof viewerProfileSchema>;
export type ViewerCompany = z.infer<typeof viewerCompanySchema>;
export type Viewer = z.infer<typeof viewerSchema>;
