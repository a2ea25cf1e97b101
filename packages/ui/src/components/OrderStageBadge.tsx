import { ORDER_STAGE_LABELS, type OrderFacts, orderStage } from '@elts/contracts';
import { StatusBadge } from './StatusBadge.js';

/**
 * A product order's state as every page names it (contracts' `orderStage`, issue 32): Pending until paid, then the
 * paid order's own step, or what became of it, and once money went back, where the latest refund stands.
 */
export function OrderStageBadge(facts: OrderFacts & { className?: string }) {
  const stage = orderStage(facts);
  return <StatusBadge status={stage} label={ORDER_STAGE_LABELS[stage]} className={facts.className} />;
}
