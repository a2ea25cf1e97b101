/**
 * The parts of Cashfree's 2025-01-01 request and response bodies this adapter writes or reads, with the document's
 * field names (schemas named in each comment). Responses are typed loosely (optional, nullable) because Cashfree
 * sends `null` and empty strings for absent values.
 */

/** `CreateOrderRequest`. */
export interface CreateOrderBody {
  order_id: string;
  order_amount: number;
  order_currency: 'INR';
  customer_details: {
    customer_id: string;
    customer_phone: string;
    customer_email?: string;
    customer_name?: string;
  };
  order_meta: { return_url: string; notify_url?: string };
  order_expiry_time: string;
  order_note: string;
  order_tags?: Record<string, string>;
}

/** `OrderEntity`; `payment_link` and `payment_links` come from older versions and are read only if present. */
export interface OrderEntity {
  cf_order_id?: string | number | null;
  order_id?: string;
  order_amount?: number | string;
  order_status?: string;
  payment_session_id?: string | null;
  order_expiry_time?: string | null;
  payment_link?: string | null;
  payment_links?: { web?: string | null } | null;
}

/** `PaymentEntity`. `payment_method` is an object with one key naming the method. */
export interface PaymentEntity {
  cf_payment_id?: string | number;
  payment_status?: string;
  payment_amount?: number | string;
  payment_message?: string | null;
  bank_reference?: string | null;
  payment_completion_time?: string | null;
  payment_group?: string | null;
  payment_method?: Record<string, unknown> | null;
  error_details?: { error_description?: string | null; error_reason?: string | null; error_code?: string | null } | null;
}

/** `OrderCreateRefundRequest`. */
export interface CreateRefundBody {
  refund_amount: number;
  refund_id: string;
  refund_note: string;
}

/** `CreateSubscriptionRefundRequest`: the refund of one payment of a subscription. */
export interface CreateSubscriptionRefundBody extends CreateRefundBody {
  subscription_id: string;
  payment_id: string;
}

/** `RefundEntity`. */
export interface RefundEntity {
  cf_refund_id?: string | number;
  refund_id?: string;
  refund_status?: string;
  refund_amount?: number | string;
}

/** `CreatePlanRequest`, ON_DEMAND only: we raise each year's charge ourselves. */
export interface CreatePlanBody {
  plan_id: string;
  plan_name: string;
  plan_type: 'ON_DEMAND';
  plan_currency: 'INR';
  plan_max_amount: number;
  plan_note: string;
}

/** `PlanEntity`. */
export interface PlanEntity {
  plan_id?: string;
  plan_type?: string;
  plan_max_amount?: number | string;
  plan_status?: string;
}

/** `CreateSubscriptionRequest`. */
export interface CreateSubscriptionBody {
  subscription_id: string;
  customer_details: { customer_name: string; customer_email: string; customer_phone: string };
  plan_details: { plan_id: string };
  authorization_details: { authorization_amount: number; authorization_amount_refund: false; payment_methods: ['upi'] };
  subscription_meta: { return_url: string };
  subscription_expiry_time: string;
  subscription_note: string;
}

/** `AuthorizationDetails`; `payment_method` is a string in API responses and a one-key object in webhooks. */
export interface AuthorizationDetails {
  authorization_amount?: number | string | null;
  authorization_reference?: string | null;
  authorization_time?: string | null;
  authorization_status?: string | null;
  payment_id?: string | null;
  payment_method?: string | Record<string, unknown> | null;
}

/**
 * `SubscriptionEntity`. The document names the authorisation block `authorisation_details`; Cashfree's example
 * responses and webhooks name it `authorization_details`. Both are read.
 */
export interface SubscriptionEntity {
  cf_subscription_id?: string | number;
  subscription_id?: string;
  subscription_status?: string;
  subscription_session_id?: string | null;
  authorization_details?: AuthorizationDetails | null;
  authorisation_details?: AuthorizationDetails | null;
}

/** `ManageSubscriptionRequest`. */
export interface ManageSubscriptionBody {
  subscription_id: string;
  action: 'CANCEL';
}

/** `ManageSubscriptionPaymentRequest`: calling off one charge. */
export interface ManageSubscriptionPaymentBody {
  subscription_id: string;
  payment_id: string;
  action: 'CANCEL';
}

/** `CreateSubscriptionPaymentRequest` for a CHARGE. */
export interface CreateChargeBody {
  subscription_id: string;
  payment_id: string;
  payment_type: 'CHARGE';
  payment_amount: number;
  payment_schedule_date: string;
  payment_remarks: string;
}

/** `CreateSubscriptionPaymentResponse` and `SubscriptionPaymentEntity`. */
export interface SubscriptionPaymentEntity {
  cf_payment_id?: string | number;
  payment_id?: string;
  payment_status?: string;
  payment_amount?: number | string;
  payment_type?: string;
  failure_details?: { failure_reason?: string | null } | null;
}

/** Cashfree's error bodies (`BadRequestError`, `AuthenticationError`, `ApiError404`, `ApiError409`, ...). */
export interface ErrorBody {
  message?: string;
  code?: string;
  type?: string;
  help?: string;
}
