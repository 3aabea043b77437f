import { defineModule } from '../../platform/module.ts';
import { esignPublicRoutes } from './routes.ts';

/** Electronic signature without an account: the signer's link and the public verification (decisions 0551, 0554). */
export default defineModule({
  key: 'esign-public',
  area: 'legal',
  mount: '/public/assinaturas',
  routes: esignPublicRoutes,
});
