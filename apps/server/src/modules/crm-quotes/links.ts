import { createHmac } from 'node:crypto';
import { authSecret } from '../../platform/secret.ts';
import { createLinkToken, verifyLinkToken } from '../../platform/files/links.ts';
import { serverState } from '../../platform/module.ts';
import type { Services } from '../../services.ts';

/**
 * The client's link to a quote (decision 0161): the platform's signed-link format (quote id and
 * expiry, HMAC-SHA256) under a key of its own, expiring at the end of the quote's last valid day
 * in America/Sao_Paulo (UTC−3). Nothing is stored.
 */
const key = (s: Services) =>
  serverState(s, 'crm-quotes.linkKey', () => createHmac('sha256', authSecret(s.cfg.dataDir, s.cfg.BETTER_AUTH_SECRET)).update('sede:quote-links:v1').digest());

/** 23:59:59 of the day in São Paulo (no daylight saving since 2019). */
export const endOfValidity = (validUntil: string) => new Date(`${validUntil}T23:59:59-03:00`);

export const quoteLinkToken = (s: Services, quoteId: string, validUntil: string) => createLinkToken(key(s), quoteId, endOfValidity(validUntil));
export const checkQuoteLink = (s: Services, token: string, now = Date.now()) => verifyLinkToken(key(s), token, now);
/** The token travels in the query: its dots would read as a file extension in a path (the SPA fallback serves no such path). */
export const quoteLinkUrl = (s: Services, token: string) => `${s.cfg.appUrl}/orcamento?token=${token}`;
