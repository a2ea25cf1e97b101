import type { z } from 'zod';
import type { EventDefinition } from '../events/define.js';
import type {
  ContactMessageReceived,
  InvitationCreated,
  ListsUpdated,
  PersonaChosen,
  PersonalDetailsUpdated,
  ShippingDetailsUpdated,
} from '../events/identity.js';
import type {
  OrderCompleted,
  OrderDelivered,
  OrderFailed,
  OrderPlaced,
  OrderProcessingStarted,
  OrderRefunded,
  OrderShipped,
} from '../events/orders.js';
import type {
  AutoRenewalChanged,
  PaymentFailed,
  PaymentInitiated,
  PaymentProcessing,
  PaymentRefunded,
  PaymentSucceeded,
  SubscriptionActivated,
  SubscriptionCancelled,
  SubscriptionExpired,
  SubscriptionFailed,
  SubscriptionRenewed,
  SubscriptionRequested,
  SubscriptionStatusChanged,
} from '../events/payments.js';

type Data<D> = D extends EventDefinition<string, infer S> ? z.input<S> : never;
type Built<D> = D extends EventDefinition<infer T, infer S> ? { type: T; data: z.input<S> } : never;

/** A builder of one event type: the fields a test does not care about get plausible values. */
const builder =
  <D extends EventDefinition>(type: D['type'], defaults: (key: string) => Data<D>) =>
  (key: string, overrides: Partial<Data<D>> = {}): Built<D> =>
    ({ type, data: { ...(defaults(key) as object), ...overrides } }) as Built<D>;

const address = { name: 'Asha Rao', phone: '9876543210', address: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };

// Identity (keyed by member id) ----------------------------------------------------------------------------------

export const personalDetailsUpdatedEvent = builder<typeof PersonalDetailsUpdated>('PersonalDetailsUpdated', (memberId) => ({
  memberId,
  gender: 'female',
  dob: '1995-06-15',
  firstname: 'Asha',
  lastname: 'Rao',
  mobile: '9876543210',
  email: `m.${memberId.slice(0, 8)}@example.in`,
}));

export const personaChosenEvent = builder<typeof PersonaChosen>('PersonaChosen', (memberId) => ({
  memberId,
  profession: 'student',
  subscriptionType: 'Save',
  gst: '',
}));

export const listsUpdatedEvent = builder<typeof ListsUpdated>('ListsUpdated', (memberId) => ({
  memberId,
  needList: ['headphones', 'backpack', 'notebook'],
  greedList: [],
}));

export const shippingDetailsUpdatedEvent = builder<typeof ShippingDetailsUpdated>('ShippingDetailsUpdated', (memberId) => ({
  memberId,
  address: '12 MG Road, Bengaluru',
  professionAddress: '12 MG Road, Bengaluru',
  pincode: '560001',
}));

export const contactMessageReceivedEvent = builder<typeof ContactMessageReceived>('ContactMessageReceived', (messageId) => ({
  messageId,
  firstName: 'Ravi',
  lastName: 'Kumar',
  email: 'ravi@example.in',
  phone: '9876543210',
  option: 'query',
  message: 'When is the next drop?',
}));

export const invitationCreatedEvent = builder<typeof InvitationCreated>('InvitationCreated', (code) => ({
  code,
  createdBy: { kind: 'admin', id: '00000000-0000-4000-8000-000000000001' },
  expiresAt: '2030-01-01T00:00:00.000Z',
}));

// Payments (keyed by payment id; memberId and orderId are overrides a test usually gives) -------------------------

const NO_MEMBER = '00000000-0000-4000-8000-000000000000';

export const paymentInitiatedEvent = builder<typeof PaymentInitiated>('PaymentInitiated', (paymentId) => ({
  paymentId,
  orderId: `order_${paymentId}`,
  memberId: NO_MEMBER,
  amountPaise: 117_882,
  currency: 'INR',
  paymentType: 'subscription',
  gateway: 'simulator',
  purpose: 'membership',
  subscriptionId: null,
  timeoutAt: null,
}));

export const paymentProcessingEvent = builder<typeof PaymentProcessing>('PaymentProcessing', (paymentId) => ({ paymentId }));

export const paymentSucceededEvent = builder<typeof PaymentSucceeded>('PaymentSucceeded', (paymentId) => ({
  paymentId,
  orderId: `order_${paymentId}`,
  memberId: NO_MEMBER,
  amountPaise: 117_882,
  paymentType: 'subscription',
  method: 'upi',
  gatewayPaymentId: `gw_${paymentId}`,
  bankReference: null,
  late: false,
}));

export const paymentFailedEvent = builder<typeof PaymentFailed>('PaymentFailed', (paymentId) => ({
  paymentId,
  orderId: `order_${paymentId}`,
  memberId: NO_MEMBER,
  paymentType: 'subscription',
  reason: 'Payment declined by the bank',
  method: null,
  autoFailed: false,
  timeoutMinutes: null,
}));

/** A payment failed by its 15-minute timeout, as the payment timeout workflow records it. */
export const paymentTimedOutEvent = (paymentId: string, overrides: Partial<Data<typeof PaymentFailed>> = {}) =>
  paymentFailedEvent(paymentId, { reason: 'Payment timed out after 15 minutes', autoFailed: true, timeoutMinutes: 15, ...overrides });

export const paymentRefundedEvent = builder<typeof PaymentRefunded>('PaymentRefunded', (paymentId) => ({
  paymentId,
  orderId: `order_${paymentId}`,
  memberId: NO_MEMBER,
  refundId: `refund_${paymentId}`,
  amountPaise: 117_882,
  reason: 'Out of stock',
}));

// Subscriptions (keyed by subscription id) ------------------------------------------------------------------------

export const subscriptionRequestedEvent = builder<typeof SubscriptionRequested>('SubscriptionRequested', (subscriptionId) => ({
  subscriptionId,
  memberId: NO_MEMBER,
  planType: 'annual',
  frequency: 'yearly',
  amountPaise: 117_882,
  currency: 'INR',
  autoRenewal: true,
  paymentId: `pay_${subscriptionId}`,
  gateway: 'simulator',
  sessionId: `session_${subscriptionId}`,
  authorizationLink: null,
}));

const cycle = (subscriptionId: string) => ({
  subscriptionId,
  memberId: NO_MEMBER,
  cycle: 1,
  startDate: '2026-01-01T00:00:00.000Z',
  endDate: '2027-01-01T00:00:00.000Z',
  paymentId: `pay_${subscriptionId}`,
});

export const subscriptionActivatedEvent = builder<typeof SubscriptionActivated>('SubscriptionActivated', cycle);
export const subscriptionRenewedEvent = builder<typeof SubscriptionRenewed>('SubscriptionRenewed', (id) => ({ ...cycle(id), cycle: 2 }));
export const subscriptionFailedEvent = builder<typeof SubscriptionFailed>('SubscriptionFailed', (subscriptionId) => ({
  subscriptionId,
  memberId: NO_MEMBER,
  reason: 'Mandate not authorised',
}));
export const subscriptionExpiredEvent = builder<typeof SubscriptionExpired>('SubscriptionExpired', (subscriptionId) => ({
  subscriptionId,
  memberId: NO_MEMBER,
}));
export const subscriptionCancelledEvent = builder<typeof SubscriptionCancelled>('SubscriptionCancelled', (subscriptionId) => ({
  subscriptionId,
  memberId: NO_MEMBER,
  reason: 'Member cancelled',
  revoked: false,
}));
export const autoRenewalChangedEvent = builder<typeof AutoRenewalChanged>('AutoRenewalChanged', (subscriptionId) => ({
  subscriptionId,
  memberId: NO_MEMBER,
  autoRenewal: false,
}));
export const subscriptionStatusChangedEvent = builder<typeof SubscriptionStatusChanged>('SubscriptionStatusChanged', (subscriptionId) => ({
  subscriptionId,
  memberId: NO_MEMBER,
  status: 'active',
  validUntil: null,
}));

// Product orders (keyed by order id) --------------------------------------------------------------------------------

export const orderPlacedEvent = builder<typeof OrderPlaced>('OrderPlaced', (orderId) => ({
  orderId,
  memberId: NO_MEMBER,
  productId: 'PRD-ABCDEF',
  product: {
    name: 'Sony WH-1000XM5 Wireless Headphones',
    brand: 'Sony',
    category: 'Electronics',
    images: ['/product/images/headphones.svg'],
  },
  quantity: 1,
  unitPricePaise: 2_699_000,
  creditPaise: 0,
  amountPaise: 2_699_000,
  customer: { email: 'asha@example.in', phone: '9876543210', firstName: 'Asha', lastName: 'Rao' },
  shippingAddress: address,
  billingAddress: address,
}));

export const orderCompletedEvent = builder<typeof OrderCompleted>('OrderCompleted', (orderId) => ({
  orderId,
  memberId: NO_MEMBER,
  productId: 'PRD-ABCDEF',
  quantity: 1,
  amountPaise: 2_699_000,
  paymentId: `pay_${orderId}`,
  transactionId: null,
  method: 'upi',
}));

export const orderFailedEvent = builder<typeof OrderFailed>('OrderFailed', (orderId) => ({
  orderId,
  memberId: NO_MEMBER,
  productId: 'PRD-ABCDEF',
  stage: 'payment',
  reason: 'Payment declined by the bank',
}));

export const orderRefundedEvent = builder<typeof OrderRefunded>('OrderRefunded', (orderId) => ({
  orderId,
  memberId: NO_MEMBER,
  refundId: `refund_${orderId}`,
  amountPaise: 2_699_000,
  reason: 'Out of stock',
}));

export const orderProcessingStartedEvent = builder<typeof OrderProcessingStarted>('OrderProcessingStarted', (orderId) => ({
  orderId,
  memberId: NO_MEMBER,
  shipment: 1,
}));

export const orderShippedEvent = builder<typeof OrderShipped>('OrderShipped', (orderId) => ({
  orderId,
  memberId: NO_MEMBER,
  shipment: 1,
  courier: 'Blue Dart',
  awbNumber: '12345678901',
  trackingUrl: 'https://www.bluedart.com/tracking?awb=12345678901',
}));

export const orderDeliveredEvent = builder<typeof OrderDelivered>('OrderDelivered', (orderId) => ({
  orderId,
  memberId: NO_MEMBER,
  shipment: 1,
  deliveredOn: '2026-11-20',
}));
