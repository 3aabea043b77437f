import { defineModule } from '../../platform/module.ts';
import { partiesRoutes } from './routes.ts';
import { exportParties } from './export.ts';
import { registerPartyEntities } from './entities.ts';

/** Parties: the product's one model of organizations and people, with LGPD (decision 0126). */
export default defineModule({
  key: 'parties',
  area: 'parties',
  mount: '/parties',
  routes: partiesRoutes,
  start: async (s) => registerPartyEntities(s),
  exportData: exportParties,
});
