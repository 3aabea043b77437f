export {
  refundPaidAction,
  registerPaidActionSweep,
  runPaidAction,
  sweepStaleReservations,
  STALE_RESERVATION_MS,
  type PaidActionContext,
  type PaidActionOutcome,
  type PaidActionRequest,
} from './run.ts';
