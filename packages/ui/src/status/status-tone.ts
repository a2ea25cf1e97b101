/** The colour family of a status badge (spec section 4, "Badge colours"). */
export type StatusTone = 'green' | 'amber' | 'red' | 'orange' | 'grey';

const TONES: Record<string, StatusTone> = {
  success: 'green',
  completed: 'green',
  active: 'green',
  pending: 'amber',
  processing: 'amber',
  failed: 'red',
  cancelled: 'red',
  declined: 'red',
  expired: 'orange',
  // An exchange's states (docs/decisions/0025): waiting is amber (a refund the gateway has not settled too), refused
  // and a refund that failed red, its replacement delivered green; replacement shipped and refunded are settled news,
  // grey.
  requested: 'amber',
  approved: 'amber',
  refunding: 'amber',
  refused: 'red',
  refund_failed: 'red',
  delivered: 'green',
  // A paid order's steps (contracts' orderStage): paid and on its way, green as the payment's success is.
  paid: 'green',
  shipped: 'green',
};

export function statusTone(status: string | null | undefined): StatusTone {
  return TONES[(status ?? '').trim().toLowerCase()] ?? 'grey';
}
