import { defineArea } from '../area.ts';

/** /campanhas-massa: every member sends; the sales team and marketing delete (decision 0125). */
export default defineArea({
  key: 'campaigns',
  order: 230,
  kind: 'tools',
  title: 'Campanhas em massa',
  description: 'Mensagens e e-mails para listas de contatos.',
  actions: ['read', 'write', 'delete', 'send', 'ai'],
  grants: {
    members: ['read', 'write', 'send', 'ai'],
    roles: { vendas: ['delete'], marketing: ['delete'] },
    custom: { vendas: ['delete'], marketing: ['delete'] },
  },
});
