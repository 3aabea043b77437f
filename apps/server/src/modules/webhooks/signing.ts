import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signatures (decision 0650): a secret is `whsec_` + 32 random bytes in base64;
 * each attempt is signed over `<webhook-id>.<webhook-timestamp>.<body>` with HMAC-SHA256 by the
 * `standardwebhooks` package itself, so receivers verify with any of its libraries.
 */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** What the list shows of a secret: enough to tell two apart, never enough to sign. */
export const secretHint = (secret: string) => `${secret.slice(0, 10)}…`;

/** The prefixed id a message keeps on every attempt and resend (`webhook-id`), so receivers can drop repeats. */
export const webhookIdOf = (eventId: string) => `msg_${eventId.replaceAll('-', '')}`;

/** The three headers of one attempt; several secrets (a rotation) give space-separated signatures. */
export function signatureHeaders(secrets: readonly string[], webhookId: string, body: string, at: Date): Record<string, string> {
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(webhookId, at, body)).join(' '),
  };
}
