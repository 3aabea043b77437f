import type { PaymentProviderKey, ProviderEnvironment } from '@sede/shared/finance/boleto';

/**
 * The one seam between Sede and a payment provider that issues boletos (decision 0570). Asaas
 * is the first; another provider is one more implementation of this interface and one more
 * `PAYMENT_PROVIDERS` key. Amounts in integer cents, dates as YYYY-MM-DD.
 */
export interface PaymentProvider {
  readonly key: PaymentProviderKey;
  readonly environment: ProviderEnvironment;
  /** Throws ProviderError('auth') when the credentials are refused. */
  checkCredentials(): Promise<void>;
  createCustomer(input: ProviderCustomerInput): Promise<{ id: string }>;
  /** A registered boleto; with Pix on it (boleto híbrido) where the provider offers it. */
  createBoleto(input: ProviderBoletoInput): Promise<ProviderPayment>;
  getPayment(id: string): Promise<ProviderPayment>;
  /** Linha digitável and barcode. */
  getBoletoCode(id: string): Promise<{ identificationField: string; barCode: string; nossoNumero: string | null }>;
  /** The hybrid boleto's Pix copia e cola, or null when the provider offers none for it. */
  getPixCode(id: string): Promise<string | null>;
  cancelPayment(id: string): Promise<void>;
  /** Refunds (part of) a received payment (decision 0601); the answer's `refunds` say which are done. */
  refundPayment(id: string, amountCents: number, description: string): Promise<ProviderPayment>;
  /** Registers (or updates) Sede's webhook at the provider with the token it must send back (decision 0603). */
  registerWebhook(input: ProviderWebhookInput): Promise<{ id: string }>;
  /** The live payment made with this external reference (our charge id), if any: what a request that timed out may have left. */
  findPaymentByReference(externalReference: string): Promise<string | null>;
}

export type ProviderCustomerInput = { name: string; taxId: string; email: string | null; externalReference: string };
export type ProviderBoletoInput = { customerId: string; amountCents: number; dueDate: string; description: string; externalReference: string };
export type ProviderPayment = {
  id: string;
  status: string;
  amountCents: number;
  dueDate: string;
  /** The boleto's PDF. */
  bankSlipUrl: string | null;
  invoiceUrl: string | null;
  nossoNumero: string | null;
  /** The payment's refunds at the provider (Asaas: PENDING, DONE, CANCELLED…). */
  refunds: Array<{ status: string; amountCents: number }>;
};
export type ProviderWebhookInput = { url: string; authToken: string; email: string | null; events: string[] };

export type ProviderErrorKind = 'auth' | 'timeout' | 'unavailable' | 'refused' | 'not_found';

/** A provider's failure, by kind; `detail` is the provider's own words (shown for 'refused'). */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
  }
}
