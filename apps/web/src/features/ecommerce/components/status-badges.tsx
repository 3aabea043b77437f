import {
  FULFILLMENT_STATUS_LABELS,
  type FulfillmentStatus,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  PAYMENT_STATUS_LABELS,
  type PaymentStatus,
  STORE_STATUS_LABELS,
  type StoreStatus,
} from '@sede/shared/ecommerce/schemas';
import { Badge } from '../../../components/ui/badge.tsx';

const GOOD = 'bg-emerald-100 text-emerald-900';
const WAIT = 'bg-amber-100 text-amber-900';
const BAD = 'bg-red-100 text-red-900';
const PLAIN = 'bg-slate-200 text-slate-800';

const PAYMENT_TONES: Record<PaymentStatus, string> = { paid: GOOD, authorized: WAIT, pending: WAIT, refunded: PLAIN, voided: PLAIN };
const ORDER_TONES: Record<OrderStatus, string> = { open: PLAIN, closed: GOOD, cancelled: BAD };
const FULFILLMENT_TONES: Record<FulfillmentStatus, string> = { unpacked: PLAIN, unfulfilled: WAIT, fulfilled: GOOD };
const STORE_TONES: Record<StoreStatus, string> = { connected: GOOD, error: BAD, disconnected: PLAIN };

export const PaymentBadge = ({ status }: { status: PaymentStatus }) => <Badge tone={PAYMENT_TONES[status]}>{PAYMENT_STATUS_LABELS[status]}</Badge>;
export const OrderStatusBadge = ({ status }: { status: OrderStatus }) => <Badge tone={ORDER_TONES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
export const FulfillmentBadge = ({ status }: { status: FulfillmentStatus }) => <Badge tone={FULFILLMENT_TONES[status]}>{FULFILLMENT_STATUS_LABELS[status]}</Badge>;
export const StoreStatusBadge = ({ status }: { status: StoreStatus }) => <Badge tone={STORE_TONES[status]}>{STORE_STATUS_LABELS[status]}</Badge>;
