import { z } from 'zod';
import { uuidSchema } from '../platform/api.ts';
import { fieldViewSchema } from '../esign/fields.ts';
import { ENVELOPE_STATUSES, ESIGN_LIMITS, ESIGN_MESSAGES, SIGNING_ORDERS, signerInputSchema, signerViewSchema } from '../esign/schemas.ts';
import { safeText } from '../text.ts';

/** A CRM quote sent for electronic signature (decision 0591). */
export const quoteSignatureSchema = z.object({
  signers: z.array(signerInputSchema, { error: ESIGN_MESSAGES.signersRequired }).min(1, ESIGN_MESSAGES.signersRequired).max(ESIGN_LIMITS.signers, ESIGN_MESSAGES.signersTooMany),
  message: safeText({ multiline: true, error: ESIGN_MESSAGES.message })
    .max(2000, ESIGN_MESSAGES.message)
    .nullish()
    .transform((v) => v?.trim() || null),
  signingOrder: z.enum(SIGNING_ORDERS, { error: ESIGN_MESSAGES.order }).default('simultanea'),
  /** Default: the quote's validity. */
  expiresOn: z.string({ error: ESIGN_MESSAGES.expiresOn }).regex(/^\d{4}-\d{2}-\d{2}$/, ESIGN_MESSAGES.expiresOn).nullish(),
  /** When everyone signed: the quote is accepted and, with this, its deal is won. */
  winDeal: z.boolean().default(true),
  /** A draft, not sent (decision 0760): the salesperson places the fields, then sends it. Default: sent at once (decision 0591). */
  draft: z.boolean().default(false),
});
export type QuoteSignatureInput = z.input<typeof quoteSignatureSchema>;

export const quoteEnvelopeSchema = z.object({ id: z.string(), status: z.enum(ENVELOPE_STATUSES), signersDone: z.number(), signersTotal: z.number(), sentAt: z.string().nullable(), completedAt: z.string().nullable(), winDeal: z.boolean() });
export type QuoteEnvelope = z.infer<typeof quoteEnvelopeSchema>;
export const quoteEnvelopesSchema = z.object({ envelopes: z.array(quoteEnvelopeSchema) });

/** A quote's envelope by its id (decision 0760): one of another company, or not this quote's, is 404. */
export const quoteEnvelopeParams = z.object({ id: uuidSchema('Não encontrado'), envelopeId: uuidSchema(ESIGN_MESSAGES.envelopeNotFound) });
/** What the salesperson's field editor needs of the quote's envelope: its PDF's pages, the people who act on it and the fields placed. */
export const quoteEnvelopeDraftSchema = quoteEnvelopeSchema.extend({
  title: z.string(),
  signingOrder: z.enum(SIGNING_ORDERS),
  documentPages: z.number().nullable(),
  signers: z.array(signerViewSchema),
  fields: z.array(fieldViewSchema),
});
export type QuoteEnvelopeDraft = z.infer<typeof quoteEnvelopeDraftSchema>;

export const QUOTE_SIGNATURE_MESSAGES = {
  answered: 'Este orçamento já foi aceito ou recusado: não há o que assinar.',
  pending: 'Este orçamento já está em assinatura: cancele o envelope anterior para enviar outro.',
  alreadySent: 'Este envelope já foi enviado para assinatura: os campos e os signatários não mudam mais.',
} as const;
