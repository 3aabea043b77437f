import type { FeatureManifest } from '../lib/feature.ts';
import access from '../features/access/manifest.ts';
import admin from '../features/admin/manifest.ts';
import auth from '../features/auth/manifest.ts';
import billing from '../features/billing/manifest.ts';
import campaigns from '../features/campaigns/manifest.ts';
import canvas from '../features/canvas/manifest.ts';
import comercial from '../features/comercial/manifest.ts';
import company from '../features/company/manifest.ts';
import companySetup from '../features/company-setup/manifest.ts';
import crmMetrics from '../features/crm-metrics/manifest.ts';
import crmBoard from '../features/crm-board/manifest.ts';
import crmContacts from '../features/crm-contacts/manifest.ts';
import departments from '../features/departments/manifest.ts';
import finance from '../features/finance/manifest.ts';
import devMailbox from '../features/dev-mailbox/manifest.ts';
import documents from '../features/documents/manifest.ts';
import invitations from '../features/invitations/manifest.ts';
import juridico from '../features/juridico/manifest.ts';
import marketing from '../features/marketing/manifest.ts';
import rhRecruiting from '../features/rh-recruiting/manifest.ts';
import meetings from '../features/meetings/manifest.ts';
import inbox from '../features/inbox/manifest.ts';
import onboarding from '../features/onboarding/manifest.ts';
import profile from '../features/profile/manifest.ts';
import projects from '../features/projects/manifest.ts';
import prospecting from '../features/prospecting/manifest.ts';
import rh from '../features/rh/manifest.ts';
import sharedFile from '../features/shared-file/manifest.ts';
import support from '../features/support/manifest.ts';

/**
 * Every feature of the web app, one line each. The router, the sidebar (in this order),
 * /empresa's area cards and the bundle check read this list.
 */
export const MANIFESTS: FeatureManifest[] = [
  auth,
  invitations,
  devMailbox,
  company,
  profile,
  companySetup,
  onboarding,
  departments,
  finance,
  juridico,
  documents,
  canvas,
  marketing,
  rh,
  projects,
  rhRecruiting,
  meetings,
  inbox,
  crmMetrics,
  crmBoard,
  crmContacts,
  comercial,
  prospecting,
  campaigns,
  access,
  support,
  billing,
  admin,
  sharedFile,
];
