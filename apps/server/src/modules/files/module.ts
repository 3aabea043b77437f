import { registerFileEntity } from '../../platform/files/entities.ts';
import { defineModule } from '../../platform/module.ts';
import { filesRoutes } from './routes.ts';
import { eraseCompanyFiles, exportFiles } from './export.ts';
import { startVideoThumbnails } from './service.ts';

/**
 * Files of every area (decision 0110): streamed uploads, downloads checked like the entity,
 * thumbnails, signed links. Mounted at the root of /api: `/api/files…` and `/api/public/files/:token`.
 * It registers the entity type `company` (the company's own files: any member sees them); each
 * area registers its own with `registerFileEntity` in its `start`.
 */
export default defineModule({
  key: 'files',
  mount: '/',
  routes: filesRoutes,
  start: async (s) => {
    registerFileEntity(s, 'company', async (tenant, id) => id === tenant.companyId);
    await startVideoThumbnails(s);
  },
  exportData: exportFiles,
  eraseCompany: eraseCompanyFiles,
});
