import type { ModuleDefinition } from '../platform/module.ts';
import ai from './ai/module.ts';
import billing from './billing/module.ts';
import campaigns from './campaigns/module.ts';
import cnpj from './cnpj/module.ts';
import collaboration from './collaboration/module.ts';
import companies from './companies/module.ts';
import comercial from './comercial/module.ts';
import companyData from './company-data/module.ts';
import crmMetrics from './crm-metrics/module.ts';
import crmDeals from './crm-deals/module.ts';
import crmContacts from './crm-contacts/module.ts';
import crmAi from './crm-ai/module.ts';
import crmQuotes from './crm-quotes/module.ts';
import departments from './departments/module.ts';
import devMailbox from './dev-mailbox/module.ts';
import files from './files/module.ts';
import finance from './finance/module.ts';
import financeReports from './finance-reports/module.ts';
import financeStatements from './finance-statements/module.ts';
import invitations from './invitations/module.ts';
import juridico from './juridico/module.ts';
import rh from './rh/module.ts';
import projects from './projects/module.ts';
import rhRecruiting from './rh-recruiting/module.ts';
import meetings from './meetings/module.ts';
import inbox from './inbox/module.ts';
import jobs from './jobs/module.ts';
import members from './members/module.ts';
import notifications from './notifications/module.ts';
import onboarding from './onboarding/module.ts';
import paidActions from './paid-actions/module.ts';
import parties from './parties/module.ts';
import profile from './profile/module.ts';
import prospecting from './prospecting/module.ts';
import support from './support/module.ts';
import documents from './documents/module.ts';
import whatsapp from './whatsapp/module.ts';
import canvas from './canvas/module.ts';
import marketing from './marketing/module.ts';
import marketingPublic from './marketing-public/module.ts';

/**
 * Every module of the server, once. `app.ts` mounts their routes under /api and `server.ts`
 * starts them in this order (and stops them in reverse). Adding an area = its folder + one line.
 */
export const MODULES: readonly ModuleDefinition[] = [
  devMailbox,
  departments,
  companies,
  cnpj,
  invitations,
  profile,
  members,
  billing,
  onboarding,
  notifications,
  jobs,
  files,
  paidActions,
  ai,
  parties,
  collaboration,
  finance,
  crmDeals,
  crmContacts,
  crmQuotes,
  crmAi,
  comercial,
  companyData,
  crmMetrics,
  financeReports,
  financeStatements,
  prospecting,
  juridico,
  support,
  documents,
  rh,
  projects,
  rhRecruiting,
  meetings,
  inbox,
  campaigns,
  whatsapp,
  canvas,
  marketing,
  marketingPublic,
];
