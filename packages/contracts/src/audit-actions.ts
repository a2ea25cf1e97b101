/**
 * The audit trail's actions in words (issue 34: the Audit page showed codes such as `order.cancelled_out_of_stock`).
 * admin-bff records each operator's write under one of these codes; the page shows the words, and its Action filter
 * offers them. Free of the schema library, for the page.
 */
export const AUDIT_ACTIONS = {
  'product.create': 'Added a product',
  'product.update': 'Edited a product',
  'product.enable': 'Enabled a product',
  'product.disable': 'Disabled a product',
  'product.stock': 'Changed the stock of a product',
  'drop.schedule': 'Scheduled a deal drop',
  'drop.move': 'Moved a deal drop',
  'drop.cancel': 'Cancelled a deal drop',
  'early-access.grant': 'Gave early access',
  'early-access.revoke': 'Removed early access',
  'order.processing': 'Marked an order processing',
  'order.shipped': 'Marked an order shipped',
  'order.delivered': 'Marked an order delivered',
  'order.cancelled_out_of_stock': 'Cancelled an order as out of stock',
  'order.replacement.processing': 'Marked a replacement processing',
  'order.replacement.shipped': 'Marked a replacement shipped',
  'order.replacement.delivered': 'Marked a replacement delivered',
  'exchange.approved': 'Approved an exchange',
  'exchange.refused': 'Refused an exchange',
  'exchange.refunded': 'Approved an exchange, refunded for want of stock',
  'invitation.create': 'Created an invitation',
  'giveaway.prizes': 'Set the giveaway prizes',
  'giveaway.draw': 'Drew the giveaway winners',
  'cron.trigger': 'Ran a payment check',
  'cron.stop': 'Stopped the cron service',
  'cron.restart': 'Restarted the cron service',
  'cron.step.retry': 'Retried a failing step',
  'cron.step.give-up': 'Gave up a failing step',
  'projections.rebuild': 'Rebuilt the back office lists',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_CODES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** An action's words; a code recorded before it had words is shown as it is. */
export const auditActionWords = (code: string): string => AUDIT_ACTIONS[code as AuditAction] ?? code;
