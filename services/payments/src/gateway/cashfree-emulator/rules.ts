/**
 * Request-body rules of the emulator, one set per request schema of Cashfree's OpenAPI document (2025-01-01). Lengths,
 * minimums, enums and required fields are the document's (a conformance test compares them when the document is at
 * hand); patterns and the rules marked "prose" come from the fields' descriptions or the research notes.
 */

export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

export interface FieldRule {
  /** Dotted path from the body: `customer_details.customer_phone`. */
  path: string;
  type: FieldType;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  /** Prose: "greater than zero" where the document gives no number. */
  positive?: boolean;
  /** Prose: "upto two decimals". */
  maxDecimals?: number;
  pattern?: RegExp;
  /** What the pattern means, for the error message. */
  patternText?: string;
  enum?: readonly string[];
  /** Allowed values of the items of an array. */
  itemEnum?: readonly string[];
  maxProperties?: number;
}

export interface RuleSet {
  /** The request schema in the document. */
  schema: string;
  /** The document's schema for each nested object, for the conformance test. */
  nested: Record<string, string>;
  rules: FieldRule[];
}

/** A 4xx answer in Cashfree's error shape. */
export class CashfreeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

const ALPHANUMERIC = /^[A-Za-z0-9]+$/;

export const CREATE_ORDER: RuleSet = {
  schema: 'CreateOrderRequest',
  nested: { customer_details: 'CustomerDetails', order_meta: 'OrderMeta' },
  rules: [
    {
      path: 'order_id',
      type: 'string',
      minLength: 3,
      maxLength: 45,
      pattern: /^[A-Za-z0-9_-]+$/,
      patternText: "alphanumeric, '_' and '-' only",
    },
    { path: 'order_amount', type: 'number', required: true, minimum: 1, maxDecimals: 2 },
    { path: 'order_currency', type: 'string', required: true, enum: ['INR'] },
    { path: 'customer_details', type: 'object', required: true },
    {
      path: 'customer_details.customer_id',
      type: 'string',
      required: true,
      minLength: 3,
      maxLength: 50,
      pattern: ALPHANUMERIC,
      patternText: 'alphanumeric only',
    },
    { path: 'customer_details.customer_phone', type: 'string', required: true, minLength: 10, maxLength: 10 },
    { path: 'customer_details.customer_email', type: 'string', minLength: 3, maxLength: 100 },
    { path: 'customer_details.customer_name', type: 'string', minLength: 3, maxLength: 100 },
    { path: 'order_meta', type: 'object' },
    { path: 'order_meta.return_url', type: 'string', maxLength: 250 },
    { path: 'order_meta.notify_url', type: 'string', maxLength: 250, pattern: /^https:\/\//, patternText: 'an https URL' },
    { path: 'order_meta.payment_methods', type: 'string' },
    { path: 'order_expiry_time', type: 'string' },
    { path: 'order_note', type: 'string', minLength: 3, maxLength: 200 },
    { path: 'order_tags', type: 'object', maxProperties: 15 },
  ],
};

export const CREATE_REFUND: RuleSet = {
  schema: 'OrderCreateRefundRequest',
  nested: {},
  rules: [
    { path: 'refund_amount', type: 'number', required: true, positive: true, maxDecimals: 2 },
    {
      path: 'refund_id',
      type: 'string',
      required: true,
      minLength: 3,
      maxLength: 40,
      pattern: /^[A-Za-z0-9_-]+$/,
      patternText: "alphanumeric, '_' and '-' only",
    },
    { path: 'refund_note', type: 'string', minLength: 3, maxLength: 100 },
    { path: 'refund_speed', type: 'string', enum: ['STANDARD', 'INSTANT'] },
  ],
};

export const CREATE_PLAN: RuleSet = {
  schema: 'CreatePlanRequest',
  nested: {},
  rules: [
    {
      path: 'plan_id',
      type: 'string',
      required: true,
      minLength: 1,
      maxLength: 40,
      pattern: /^[A-Za-z0-9._-]+$/,
      patternText: 'alphanumerics, dot, hyphen and underscore only',
    },
    { path: 'plan_name', type: 'string', required: true, minLength: 1, maxLength: 40 },
    { path: 'plan_type', type: 'string', required: true, enum: ['PERIODIC', 'ON_DEMAND'] },
    { path: 'plan_currency', type: 'string', enum: ['INR'] },
    { path: 'plan_recurring_amount', type: 'number', positive: true, maxDecimals: 2 },
    { path: 'plan_max_amount', type: 'number', required: true, positive: true, maxDecimals: 2 },
    { path: 'plan_max_cycles', type: 'integer' },
    { path: 'plan_intervals', type: 'integer' },
    { path: 'plan_interval_type', type: 'string', enum: ['DAY', 'WEEK', 'MONTH', 'YEAR'] },
    { path: 'plan_note', type: 'string' },
  ],
};

export const CREATE_SUBSCRIPTION: RuleSet = {
  schema: 'CreateSubscriptionRequest',
  nested: {
    customer_details: 'SubscriptionCustomerDetails',
    plan_details: 'CreateSubscriptionRequest_plan_details',
    authorization_details: 'CreateSubscriptionRequest_authorization_details',
    subscription_meta: 'CreateSubscriptionRequest_subscription_meta',
  },
  rules: [
    {
      path: 'subscription_id',
      type: 'string',
      required: true,
      minLength: 1,
      maxLength: 250,
      pattern: /^[A-Za-z0-9_. -]+$/,
      patternText: 'alphanumerics, underscore, dot, hyphen and space only',
    },
    { path: 'customer_details', type: 'object', required: true },
    { path: 'customer_details.customer_name', type: 'string' },
    { path: 'customer_details.customer_email', type: 'string', required: true },
    { path: 'customer_details.customer_phone', type: 'string', required: true },
    { path: 'plan_details', type: 'object', required: true },
    { path: 'plan_details.plan_id', type: 'string' },
    { path: 'plan_details.plan_name', type: 'string', maxLength: 40 },
    { path: 'plan_details.plan_type', type: 'string', enum: ['PERIODIC', 'ON_DEMAND'] },
    { path: 'plan_details.plan_currency', type: 'string', enum: ['INR'] },
    { path: 'plan_details.plan_amount', type: 'number' },
    { path: 'plan_details.plan_max_amount', type: 'number', positive: true },
    { path: 'plan_details.plan_max_cycles', type: 'integer' },
    { path: 'plan_details.plan_intervals', type: 'integer' },
    { path: 'plan_details.plan_interval_type', type: 'string', enum: ['DAY', 'WEEK', 'MONTH', 'YEAR'] },
    { path: 'plan_details.plan_note', type: 'string' },
    { path: 'authorization_details', type: 'object' },
    { path: 'authorization_details.authorization_amount', type: 'number', maxDecimals: 2 },
    { path: 'authorization_details.authorization_amount_refund', type: 'boolean' },
    { path: 'authorization_details.payment_methods', type: 'array', itemEnum: ['enach', 'pnach', 'upi', 'card'] },
    { path: 'subscription_meta', type: 'object' },
    { path: 'subscription_meta.return_url', type: 'string' },
    { path: 'subscription_meta.notification_channel', type: 'array', itemEnum: ['SMS', 'EMAIL'] },
    { path: 'subscription_expiry_time', type: 'string' },
    { path: 'subscription_first_charge_time', type: 'string' },
    { path: 'subscription_note', type: 'string' },
    { path: 'subscription_tags', type: 'object' },
    { path: 'subscription_payment_splits', type: 'array' },
  ],
};

export const MANAGE_SUBSCRIPTION: RuleSet = {
  schema: 'ManageSubscriptionRequest',
  nested: { action_details: 'ManageSubscriptionRequest_action_details' },
  rules: [
    { path: 'subscription_id', type: 'string', required: true },
    { path: 'action', type: 'string', required: true, enum: ['CANCEL', 'PAUSE', 'ACTIVATE', 'CHANGE_PLAN'] },
    { path: 'action_details', type: 'object' },
    { path: 'action_details.next_scheduled_time', type: 'string' },
    { path: 'action_details.plan_id', type: 'string' },
  ],
};

export const MANAGE_SUBSCRIPTION_PAYMENT: RuleSet = {
  schema: 'ManageSubscriptionPaymentRequest',
  nested: { action_details: 'ManageSubscriptionPaymentRequest_action_details' },
  rules: [
    { path: 'subscription_id', type: 'string', required: true },
    { path: 'payment_id', type: 'string', required: true },
    // Prose: "Possible values - CANCEL, RETRY."
    { path: 'action', type: 'string', required: true, enum: ['CANCEL', 'RETRY'] },
    { path: 'action_details', type: 'object' },
    { path: 'action_details.next_scheduled_time', type: 'string' },
  ],
};

export const CREATE_SUBSCRIPTION_PAYMENT: RuleSet = {
  schema: 'CreateSubscriptionPaymentRequest',
  nested: {},
  rules: [
    { path: 'subscription_id', type: 'string', required: true },
    { path: 'subscription_session_id', type: 'string' },
    { path: 'payment_id', type: 'string', required: true },
    { path: 'payment_amount', type: 'number', positive: true, maxDecimals: 2 },
    { path: 'payment_schedule_date', type: 'string' },
    { path: 'payment_remarks', type: 'string' },
    { path: 'payment_type', type: 'string', required: true, enum: ['AUTH', 'CHARGE'] },
    { path: 'payment_method', type: 'object' },
  ],
};

export const CREATE_SUBSCRIPTION_REFUND: RuleSet = {
  schema: 'CreateSubscriptionRefundRequest',
  nested: {},
  rules: [
    { path: 'subscription_id', type: 'string', required: true },
    { path: 'payment_id', type: 'string' },
    { path: 'cf_payment_id', type: 'number' },
    { path: 'refund_id', type: 'string', required: true },
    { path: 'refund_amount', type: 'number', required: true, positive: true, maxDecimals: 2 },
    { path: 'refund_note', type: 'string' },
    { path: 'refund_speed', type: 'string' },
  ],
};

export const RULE_SETS = [
  CREATE_ORDER,
  CREATE_REFUND,
  CREATE_PLAN,
  CREATE_SUBSCRIPTION,
  MANAGE_SUBSCRIPTION,
  MANAGE_SUBSCRIPTION_PAYMENT,
  CREATE_SUBSCRIPTION_PAYMENT,
  CREATE_SUBSCRIPTION_REFUND,
];

const missing = (path: string) => new CashfreeRefusal(400, `${path}_missing`, `${path} : is missing in the request`);
export const invalid = (path: string, problem: string) => new CashfreeRefusal(400, `${path}_invalid`, `${path} : ${problem}`);

function valueAt(body: Record<string, unknown>, path: string): { parentPresent: boolean; value: unknown } {
  let current: unknown = body;
  const parts = path.split('.');
  for (const part of parts.slice(0, -1)) {
    if (!current || typeof current !== 'object') return { parentPresent: false, value: undefined };
    current = (current as Record<string, unknown>)[part];
  }
  if (!current || typeof current !== 'object' || Array.isArray(current)) return { parentPresent: false, value: undefined };
  return { parentPresent: true, value: (current as Record<string, unknown>)[parts.at(-1)!] };
}

function typeOk(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
  }
}

const decimals = (value: number) => (String(value).split('.')[1] ?? '').length;

/** Throws the first rule the body breaks, in the order of the rule set. */
export function checkBody(body: Record<string, unknown>, set: RuleSet): void {
  for (const rule of set.rules) {
    const { parentPresent, value } = valueAt(body, rule.path);
    // A rule on a nested field applies only when its object was sent; the object's own rule covers its absence.
    if (!parentPresent) continue;
    if (value === undefined || value === null) {
      if (rule.required) throw missing(rule.path);
      continue;
    }
    if (!typeOk(value, rule.type)) throw invalid(rule.path, `should be of type ${rule.type}`);
    if (typeof value === 'string') {
      if (rule.required && value.trim() === '') throw missing(rule.path);
      if (rule.minLength !== undefined && value.length < rule.minLength)
        throw invalid(rule.path, `should have a minimum length of ${rule.minLength}`);
      if (rule.maxLength !== undefined && value.length > rule.maxLength)
        throw invalid(rule.path, `should have a maximum length of ${rule.maxLength}`);
      if (rule.pattern && !rule.pattern.test(value)) throw invalid(rule.path, `should be ${rule.patternText}`);
      if (rule.enum && !rule.enum.includes(value)) throw invalid(rule.path, `should be one of ${rule.enum.join(', ')}`);
    }
    if (typeof value === 'number') {
      if (rule.minimum !== undefined && value < rule.minimum)
        throw invalid(rule.path, `should be greater than or equal to ${rule.minimum}`);
      if (rule.positive && value <= 0) throw invalid(rule.path, 'should be greater than 0');
      if (rule.maxDecimals !== undefined && decimals(value) > rule.maxDecimals)
        throw invalid(rule.path, `should have at most ${rule.maxDecimals} decimal places`);
    }
    if (Array.isArray(value) && rule.itemEnum) {
      const wrong = value.find((item) => typeof item !== 'string' || !rule.itemEnum!.includes(item));
      if (wrong !== undefined) throw invalid(rule.path, `values should be among ${rule.itemEnum.join(', ')}`);
    }
    if (rule.maxProperties !== undefined && Object.keys(value as object).length > rule.maxProperties)
      throw invalid(rule.path, `should have at most ${rule.maxProperties} keys`);
  }
}
