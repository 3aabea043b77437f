import type { ProviderEnvironment } from '@sede/shared/finance/boleto';
import type { Config } from '../../platform/config.ts';
import { type PaymentProvider, type ProviderBoletoInput, type ProviderCustomerInput, ProviderError, type ProviderPayment, type ProviderWebhookInput } from './provider.ts';

/** Asaas's payment object, the part Sede reads (API v3). */
type AsaasPayment = {
  id: string;
  status: string;
  value: number;
  dueDate: string;
  bankSlipUrl?: string | null;
  invoiceUrl?: string | null;
  nossoNumero?: string | null;
  refunds?: Array<{ status?: string; value?: number }> | null;
};
type AsaasErrors = { errors?: Array<{ code?: string; description?: string }> };

const toPayment = (p: AsaasPayment): ProviderPayment => ({
  id: p.id,
  status: p.status,
  amountCents: Math.round(p.value * 100),
  dueDate: p.dueDate,
  bankSlipUrl: p.bankSlipUrl ?? null,
  invoiceUrl: p.invoiceUrl ?? null,
  nossoNumero: p.nossoNumero ?? null,
  refunds: (p.refunds ?? []).map((r) => ({ status: String(r.status ?? ''), amountCents: Math.round(Number(r.value ?? 0) * 100) })),
});

export const asaasBaseUrl = (cfg: Config, environment: ProviderEnvironment) => (environment === 'production' ? cfg.ASAAS_PRODUCTION_URL : cfg.ASAAS_SANDBOX_URL).replace(/\/$/, '');

/**
 * Asaas's public REST API v3 (decision 0570): `access_token` header, JSON both ways, errors as
 * `{ errors: [{ code, description }] }`. Sandbox and production differ only by base URL (fixed
 * by the environment, never typed by a person, so no SSRF guard is involved).
 */
export function asaasProvider(cfg: Config, environment: ProviderEnvironment, apiKey: string): PaymentProvider {
  const base = asaasBaseUrl(cfg, environment);
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { access_token: apiKey, 'user-agent': 'Sede', accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(cfg.ASAAS_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (e) {
      const name = (e as Error).name;
      throw new ProviderError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unavailable', (e as Error).message);
    }
    let json: unknown = null;
    try {
      const text = await res.text();
      json = text ? JSON.parse(text) : null;
    } catch (e) {
      const name = (e as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new ProviderError('timeout', 'corpo da resposta');
      if (res.ok) throw new ProviderError('unavailable', 'resposta que não é JSON');
    }
    if (res.ok) return json as T;
    const words = ((json as AsaasErrors | null)?.errors ?? []).map((e) => e.description?.trim()).filter(Boolean).join(' ').slice(0, 300);
    if (res.status === 401 || res.status === 403) throw new ProviderError('auth', words || `HTTP ${res.status}`);
    if (res.status === 404) throw new ProviderError('not_found', words || 'HTTP 404');
    if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) throw new ProviderError('refused', words || `HTTP ${res.status}`);
    throw new ProviderError('unavailable', words || `HTTP ${res.status}`);
  }
  const id = (v: string) => encodeURIComponent(v);
  return {
    key: 'asaas',
    environment,
    async checkCredentials() {
      await call('GET', '/customers?limit=1');
    },
    async createCustomer(input: ProviderCustomerInput) {
      const c = await call<{ id: string }>('POST', '/customers', {
        name: input.name.slice(0, 100),
        cpfCnpj: input.taxId,
        ...(input.email ? { email: input.email } : {}),
        externalReference: input.externalReference,
        notificationDisabled: true,
      });
      return { id: c.id };
    },
    async createBoleto(input: ProviderBoletoInput) {
      const p = await call<AsaasPayment>('POST', '/payments', {
        customer: input.customerId,
        billingType: 'BOLETO',
        value: input.amountCents / 100,
        dueDate: input.dueDate,
        description: input.description.slice(0, 500),
        externalReference: input.externalReference,
      });
      return toPayment(p);
    },
    async getPayment(paymentId: string) {
      return toPayment(await call<AsaasPayment>('GET', `/payments/${id(paymentId)}`));
    },
    async getBoletoCode(paymentId: string) {
      const r = await call<{ identificationField: string; barCode: string; nossoNumero?: string | null }>('GET', `/payments/${id(paymentId)}/identificationField`);
      return { identificationField: String(r.identificationField ?? '').replace(/\D/g, ''), barCode: String(r.barCode ?? '').replace(/\D/g, ''), nossoNumero: r.nossoNumero ?? null };
    },
    async getPixCode(paymentId: string) {
      try {
        const r = await call<{ payload?: string }>('GET', `/payments/${id(paymentId)}/pixQrCode`);
        return r.payload?.trim() || null;
      } catch (e) {
        // No Pix key at Asaas (or Pix off for the account): the boleto goes without Pix.
        if (e instanceof ProviderError && (e.kind === 'refused' || e.kind === 'not_found')) return null;
        throw e;
      }
    },
    async cancelPayment(paymentId: string) {
      await call('DELETE', `/payments/${id(paymentId)}`);
    },
    async refundPayment(paymentId: string, amountCents: number, description: string) {
      return toPayment(await call<AsaasPayment>('POST', `/payments/${id(paymentId)}/refund`, { value: amountCents / 100, description: description.slice(0, 500) }));
    },
    async registerWebhook(input: ProviderWebhookInput) {
      const body = { name: 'Sede', url: input.url, email: input.email, enabled: true, interrupted: false, authToken: input.authToken, sendType: 'SEQUENTIALLY', events: input.events };
      // One webhook of Sede's address per account: an earlier one (a key saved again) is updated, not doubled.
      const list = await call<{ data?: Array<{ id: string; url?: string }> }>('GET', '/webhooks?limit=100');
      const mine = list.data?.find((w) => w.url === input.url);
      const made = await call<{ id: string }>(mine ? 'PUT' : 'POST', mine ? `/webhooks/${id(mine.id)}` : '/webhooks', body);
      return { id: made.id };
    },
    async findPaymentByReference(externalReference: string) {
      const r = await call<{ data?: Array<{ id: string; deleted?: boolean }> }>('GET', `/payments?externalReference=${encodeURIComponent(externalReference)}`);
      return r.data?.find((p) => !p.deleted)?.id ?? null;
    },
  };
}
