export { CashfreeGateway } from './cashfree-gateway.js';
export { idempotencyKeyFor } from './idempotency-key.js';
export {
  CASHFREE_API_VERSION,
  CASHFREE_PRODUCTION_URL,
  CASHFREE_SANDBOX_URL,
  type CashfreeLog,
  type CashfreeSettings,
} from './settings.js';
export { verifyCashfreeWebhook } from './webhook-events.js';
