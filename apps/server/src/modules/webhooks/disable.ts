import type { TxContext } from '@sede/db/transaction';
import { WEBHOOKS_PAGE_PATH } from '@sede/shared/platform/webhooks';
import { logAudit } from '../../platform/audit.ts';
import { notify } from '../../platform/notifications/notify.ts';
import type { Services } from '../../services.ts';
import { ENDPOINT_ENTITY } from './endpoints.ts';

/** A delivery whose last scheduled attempt failed: about three days of failures to its endpoint. */
export type Exhausted = { endpointId: string; companyId: string; deliveryCreatedAt: Date };

/**
 * Turns off the endpoints that failed every attempt for the whole schedule (decision 0652): no
 * success since the exhausted delivery began. The company's admins are told (kind 'alert': the
 * bell and, by their preference, e-mail) in the same transaction.
 */
export async function disableFailingEndpoints(s: Services, tx: TxContext, exhausted: Exhausted[]): Promise<void> {
  const { rows } = await tx.client.query<{ id: string; company_id: string; url: string; description: string }>(
    `UPDATE webhook_endpoints e SET enabled = false, disabled_reason = 'failing', disabled_at = now(), updated_at = now()
       FROM (SELECT id, min(since) AS since FROM unnest($1::uuid[], $2::timestamptz[]) AS x(id, since) GROUP BY id) x
      WHERE e.id = x.id AND e.enabled AND (e.last_success_at IS NULL OR e.last_success_at < x.since)
      RETURNING e.id, e.company_id, e.url, e.description`,
    [exhausted.map((x) => x.endpointId), exhausted.map((x) => x.deliveryCreatedAt)],
  );
  for (const e of rows) {
    const tenant = { companyId: e.company_id, actorId: '' };
    await logAudit(tx.db, tenant, { action: 'webhook_endpoint_disabled', entity: ENDPOINT_ENTITY, id: e.id });
    const admins = await tx.client.query<{ user_id: string }>(`SELECT user_id FROM company_members WHERE company_id = $1 AND role = 'admin'`, [e.company_id]);
    await notify(
      s,
      {
        companyId: e.company_id,
        userIds: admins.rows.map((a) => a.user_id),
        kind: 'alert',
        title: 'Webhook desativado após 3 dias de falhas',
        body: `O endereço ${e.url}${e.description ? ` (${e.description})` : ''} não aceitou nenhum evento nos últimos 3 dias e foi desativado. Corrija o endereço e ative-o de novo; as entregas que falharam podem ser reenviadas.`,
        link: WEBHOOKS_PAGE_PATH,
        entity: { type: ENDPOINT_ENTITY, id: e.id },
      },
      tx.client,
    );
  }
}
