import { readersOf, registerEntity } from '../../platform/entities.ts';
import { companyRows } from '../../platform/company-data/archive.ts';
import { defineModule, type ExportSink } from '../../platform/module.ts';
import { schema } from '@sede/db/client';
import type { Services, Tenant } from '../../services.ts';
import { envelopePath } from './completion.ts';
import { ENVELOPE_ENTITY, envelopeExists } from './envelopes.ts';
import { defineSealingJob } from './sealing-job.ts';
import { REMINDERS_CRON, REMINDERS_QUEUE, sendReminders } from './reminders.ts';
import { esignRoutes } from './routes.ts';
import { TEMPLATE_ENTITY, templateExists } from './templates.ts';
import { scheduleRecurring } from '../../platform/jobs.ts';

async function start(s: Services) {
  // The envelope's files (the original and the sealed PDF): whoever reads Jurídico.
  registerEntity(s, ENVELOPE_ENTITY, { canSee: readersOf('legal.read', envelopeExists), path: envelopePath });
  // A template's PDF (decision 0620): the same readers.
  registerEntity(s, TEMPLATE_ENTITY, { canSee: readersOf('legal.read', templateExists), path: (id) => `/juridico/assinaturas/modelos/${id}` });
  // Daily reminders to the signers whose turn it is (decision 0593).
  // The seal once the last signer signed, off their request (decision 0623).
  await defineSealingJob(s);
  await scheduleRecurring(s.boss, { queue: REMINDERS_QUEUE, cron: REMINDERS_CRON, label: '[esign] reminders:' }, () => sendReminders(s));
}

async function exportEsign(_s: Services, tenant: Tenant, out: ExportSink) {
  const { signatureEnvelopes, signatureSigners, signatureEvents, signatureFields, signatureTemplates } = schema;
  out.csv('envelopes.csv', ['id', 'title', 'status', 'signingOrder', 'expiresOn', 'remindEveryDays', 'contractId', 'documentFileId', 'documentSha256', 'finalFileId', 'finalSha256', 'verificationCode', 'createdAt', 'sentAt', 'completedAt'], companyRows(tenant, signatureEnvelopes));
  out.csv('signatarios.csv', ['id', 'envelopeId', 'position', 'name', 'email', 'cpf', 'role', 'status', 'signedAt', 'refusedAt', 'refusalReason'], companyRows(tenant, signatureSigners));
  out.csv('campos.csv', ['id', 'envelopeId', 'signerId', 'type', 'page', 'x', 'y', 'w', 'h', 'allPages', 'required', 'label', 'value'], companyRows(tenant, signatureFields));
  out.csv('modelos.csv', ['id', 'name', 'title', 'signingOrder', 'expiresInDays', 'remindEveryDays', 'documentFileId', 'documentPages', 'slots', 'fields', 'createdAt', 'updatedAt', 'archivedAt'], companyRows(tenant, signatureTemplates));
  out.csv('eventos.csv', ['id', 'envelopeId', 'signerId', 'kind', 'at', 'ip', 'userAgent', 'documentSha256'], companyRows(tenant, signatureEvents));
}

/** Electronic signature (decisions 0550–0555): envelopes, signers, evidence and the sealed PDF. */
export default defineModule({
  key: 'esign',
  area: 'legal',
  mount: '/assinaturas',
  after: ['files'],
  routes: esignRoutes,
  start,
  exportData: exportEsign,
});
