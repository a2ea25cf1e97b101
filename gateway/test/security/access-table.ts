import { type Access, DEFAULT_ALERT_PREFERENCES, GIVEAWAY_QUESTIONS, OPERATIONS } from '@elts/contracts';
import { ADMIN } from '../support/product.js';

/**
 * How the authorization suite calls each public route. Who may call it is the operation table's `access`
 * (packages/contracts/src/operations), which the services enforce when they mount it: not written again here. A row
 * is needed only when a call needs more than the route's own path (a fixture in the path, a body, a declared refusal).
 *
 * - public: anyone, with or without a session.
 * - member: a member session; none gets 401; an admin session alone is not a member.
 * - admin: an admin session; none and a member session get 401 'Authentication required'.
 * - signed: a provider callback that proves itself by signature, never by session: refused unsigned, whoever calls.
 *
 * `owner` names the member-A object in the path: member A's own call must succeed (2xx, or the row's `refusesEveryone`
 * answer when the fixture's state refuses it), and another member must get a
 * refusal that tells them nothing. Paths use the fixture names in braces; bodies are valid for the route so that
 * only the session decides: an allowed caller must be answered 2xx or 3xx unless the row declares `refusesEveryone`.
 */
export type Fixture =
  | 'productId'
  | 'spareProductId'
  | 'orderId'
  | 'paymentSessionId'
  | 'mandateId'
  | 'mandateSessionId'
  | 'subscriptionOrderId'
  | 'paymentId'
  | 'dropId'
  | 'randomId'
  | 'idToken';

export interface RouteAccess {
  /** The request path when the route has parameters or needs a query. */
  path?: string;
  body?: unknown;
  /** A form body (the simulator's pages), instead of JSON. */
  form?: Record<string, string>;
  /** Member A's object is in the path: member B must be refused. */
  owner?: boolean;
  /** Ends the session it is called with (logout): each caller gets a session of its own. */
  endsSession?: boolean;
  /** A page for people (the payment simulator, the development sign-in), not the API: it may refuse in HTML. */
  page?: boolean;
  /** Ends the caller's membership (cancellation): each member caller gets a new member with a membership of its own. */
  endsMembership?: boolean;
  /** Changes member A's standing (revocation): called after every other route. */
  last?: boolean;
  /**
   * An allowed caller's answer when it is not a success (2xx or 3xx), with the reason: the route refuses this
   * request for what it asks, never for who asks (a made-up id, a state the fixtures do not reach). Anything else
   * from an allowed caller fails, so a route that answers 404 or 400 to everyone cannot pass as 'allowed'.
   */
  refusesEveryone?: { status: number; why: string };
  /** JSON in a format another standard defines (a key set, a discovery document), not the API's envelope: why. */
  notEnveloped?: string;
}

const ORDER_BODY = {
  customer_email: 'asha@example.in',
  customer_phone: '9876543210',
  first_name: 'Asha',
  last_name: 'Rao',
  product_id: '{productId}',
  quantity: 1,
  shipping_address: { name: 'Asha Rao', phone: '9876543210', address: '12 MG Road', city: 'Panaji', state: 'Goa', pincode: '403001' },
};

export const PRODUCT_BODY = {
  name: 'Matrix Kettle',
  price: 1999,
  amazonPrice: 2999,
  category: 'Home & Garden',
  brand: 'Prestige',
  stock: 5,
  images: ['/product/images/pressure-cooker.svg'],
  descriptions: [{ title: 'Highlights', content: 'One litre.' }],
  sku: 'MATRIX-KETTLE',
  variantGroup: null,
  isVariantPrimary: false,
  hsnCode: '85167990',
  gstRate: 18,
};

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();

/** Both members hold an active membership (the fixtures need one): starting another is refused, for anyone. */
const ALREADY_MEMBERS = { status: 409, why: 'the members already hold an active membership; starting one is proven by the fixtures' };
/**
 * A payment or mandate page is answered once; the four callers cannot all complete the same one, so a made-up
 * session is sent with a valid form (404, 'not valid'). Completing a real one is proven by the fixtures' purchases.
 */
const SINGLE_USE_PAGE = { status: 404, why: 'a made-up session: a real one can be completed only once' };

export const ACCESS: Record<string, RouteAccess> = {
  // identity
  'GET /user/sign-in-options': {},
  'POST /user/login': { body: { credential: '{idToken}' } },
  'POST /user/logout': { body: {}, endsSession: true },
  'POST /user/logout-everywhere': { body: {}, endsSession: true },
  'POST /admin/login': { body: ADMIN },
  'POST /admin/logout': { body: {}, endsSession: true },
  'POST /user/get-profile': { body: {} },
  'POST /user/update-profile': { body: { needList: ['Headphones', 'Shoes', 'Cooker'], greedList: [] } },
  'POST /user/send-welcome-email': { body: {} },
  // The link mailed to a new contact address: the token alone proves it, so no session is asked for.
  'GET /user/confirm-email': {
    page: true,
    path: '/user/confirm-email?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    refusesEveryone: { status: 400, why: 'a made-up token confirms nothing; a real link is proven by the identity tests' },
  },
  // The link texted to a new mobile number, as the email's (issue 34).
  'GET /user/confirm-mobile': {
    page: true,
    path: '/user/confirm-mobile?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    refusesEveryone: { status: 400, why: 'a made-up token confirms nothing; a real link is proven by the identity tests' },
  },
  // A drop alert's unsubscribe link and its RFC 8058 one-click POST (issue 37): the member's key is the proof.
  'GET /alerts/unsubscribe': {
    page: true,
    path: `/alerts/unsubscribe?m=00000000-0000-4000-8000-000000000000&k=${'A'.repeat(43)}&channel=email`,
    refusesEveryone: { status: 400, why: 'a made-up key unsubscribes nothing; a real link is proven by the identity tests' },
  },
  'POST /alerts/unsubscribe': {
    page: true,
    path: `/alerts/unsubscribe?m=00000000-0000-4000-8000-000000000000&k=${'A'.repeat(43)}&channel=email`,
    refusesEveryone: { status: 400, why: 'a made-up key unsubscribes nothing; a real link is proven by the identity tests' },
  },
  // A drop message's link to the member's lists (decision 0164): counted only with the member's key; always lands there.
  'GET /alerts/open': {
    path: `/alerts/open?m=00000000-0000-4000-8000-000000000000&k=${'A'.repeat(43)}&d=DROP-1&moment=preview&c=email`,
  },
  'PUT /user/alert-preferences': { body: DEFAULT_ALERT_PREFERENCES },
  // A device's Web Push subscription for drop alerts (decision 0160): the member's own, by endpoint.
  'POST /user/web-push/subscriptions': {
    body: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/security-suite',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    },
  },
  'DELETE /user/web-push/subscriptions': { body: { endpoint: 'https://fcm.googleapis.com/fcm/send/security-suite' } },
  'GET /user/wall': {},
  'GET /user/giveaway': {},
  'POST /user/giveaway': {
    body: Object.fromEntries(GIVEAWAY_QUESTIONS.map(({ key, question, correct }) => [key, { question, answer: correct }])),
  },
  // The prizes, and after the draw who won them: shown on the public /elts Merch page.
  'GET /user/giveaway/results': {},
  'GET /admin/giveaway': {},
  'PUT /admin/giveaway/prizes': {
    body: {
      prizes: Array.from({ length: 12 }, (_, index) => ({
        slot: index + 1,
        kind: 'custom',
        name: `Matrix prize ${index + 1}`,
        imageUrl: 'https://images.example.in/prize.png',
      })),
    },
  },
  'GET /admin/giveaway/entries': {},
  'GET /admin/giveaway/entries/export': {},
  'POST /admin/giveaway/draw': {
    body: {},
    refusesEveryone: { status: 409, why: 'the draw needs 12 members who passed; the draw itself is proven by the identity tests' },
  },
  'GET /user/invitations': {},
  'POST /user/invitations': { body: {} },
  'POST /admin/invitations': { body: { count: 1 } },
  'POST /user/contact': {
    body: {
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.in',
      phone: '9876543210',
      option: 'query',
      message: 'Hello from the matrix.',
    },
  },
  'GET /dev/idp': { page: true },
  'GET /dev/idp/idp.js': { page: true },
  'GET /dev/idp/idp.css': { page: true },
  'GET /dev/idp/jwks.json': { notEnveloped: 'a JSON Web Key Set (RFC 7517), read by the ID token verifier' },
  'GET /dev/idp/.well-known/openid-configuration': { notEnveloped: 'OpenID Connect discovery, read by OIDC clients' },
  'POST /dev/idp/id-token': {
    body: { email: 'matrix@example.in', name: 'Matrix Person' },
    notEnveloped: "the development stand-in for Google's sign-in answers { id_token } as an OpenID provider would",
  },
  // The mail the product would have sent, without SMTP and outside production. 'public' as the matrix calls it, from
  // this machine; from anywhere else only an admin may read it (gateway/test/dev-tools.test.ts).
  'GET /dev/mailbox': {},
  // The text messages (shipping updates) it would have sent to members' mobiles: the same rule as the mailbox.
  'GET /dev/sms': {},
  // catalog
  'GET /product/images/:file': { page: true, path: '/product/images/pressure-cooker.svg' },
  'GET /product/list': {},
  'GET /product/brands': {},
  'GET /product/:id/variants': { path: '/product/{productId}/variants' },
  'POST /product/create': { body: PRODUCT_BODY },
  'PUT /product/update/:id': { path: '/product/update/{productId}', body: { ...PRODUCT_BODY, name: 'Matrix Kettle Two' } },
  'PUT /product/toggle-status/:id': { path: '/product/toggle-status/{spareProductId}', body: {} },
  'GET /admin/drops': {},
  'GET /admin/charts/:page': { path: '/admin/charts/payments?startDate=2026-11-01&endDate=2026-11-28' },
  // The Drops chart from admin-bff's read model (decision 0170).
  'GET /admin/charts/drops/:id': { path: '/admin/charts/drops/{dropId}' },
  'POST /admin/drops': { body: { opensAt: inDays(20), closesAt: inDays(21), label: 'Matrix drop' } },
  'PUT /admin/drops/:id': { path: '/admin/drops/{dropId}', body: { opensAt: inDays(22), closesAt: inDays(23) } },
  'DELETE /admin/drops/:id': { path: '/admin/drops/{dropId}' },
  // Operators' figures of a drop's alerts (issue 37 item 5, decision 0164), read from identity.
  'GET /admin/drops/:id/alert-figures': { path: '/admin/drops/{dropId}/alert-figures' },
  'GET /admin/early-access': {},
  'POST /admin/early-access': { body: { email: 'early@example.in' } },
  'DELETE /admin/early-access': { body: { email: 'early@example.in' } },
  'DELETE /admin/early-access/:email': { path: '/admin/early-access/early@example.in' },
  // orders
  'GET /shipping/bluedart/pincode/:pincode': { path: '/shipping/bluedart/pincode/403001' },
  'POST /product/order': { body: ORDER_BODY },
  'POST /product/waitlist': {
    body: ORDER_BODY,
    refusesEveryone: { status: 409, why: 'the fixture product has units left: only a sold-out product has a waitlist' },
  },
  'DELETE /product/waitlist/:productId': { path: '/product/waitlist/{productId}' },
  'GET /product/orders/user': {},
  'GET /product/order/:id': { path: '/product/order/{orderId}', owner: true },
  'GET /product/order/:id/gateway-status': { path: '/product/order/{orderId}/gateway-status', owner: true },
  'POST /product/order/:id/checkout': { path: '/product/order/{orderId}/checkout', owner: true },
  // Ends the fixture order's reservation, so it comes after every route that reads or pays it.
  'POST /product/order/:id/cancel': { path: '/product/order/{orderId}/cancel', owner: true, last: true },
  'POST /admin/fulfilment/:id': {
    path: '/admin/fulfilment/{orderId}',
    body: { step: 'processing' },
    refusesEveryone: {
      status: 409,
      why: 'the fixture order is unpaid, and only a paid order is fulfilled (services/orders/test/fulfilment.test.ts)',
    },
  },
  // A refused order in a bulk request is reported in its answer, beside the others, not as the request's status.
  'POST /admin/fulfilment': { body: { orders: [{ order_id: '{orderId}', step: 'processing' }] } },
  // The waiting room opens WAITING_ROOM_MINUTES before a drop; the rig's next drop is days away (quietDropAnchor).
  'POST /drop/waiting-room': {
    refusesEveryone: { status: 409, why: 'the next drop is days away; joining is proven by services/orders/test/waiting-room.test.ts' },
  },
  'GET /drop/:id/draw': {
    path: '/drop/{dropId}/draw',
    refusesEveryone: {
      status: 404,
      why: 'the fixture drop has not opened, so its draw is not published (services/orders/test/waiting-room.test.ts)',
    },
  },
  'POST /product/order/:id/exchange': {
    path: '/product/order/{orderId}/exchange',
    body: { reason: 'damaged', note: 'The lid arrived cracked in two.' },
    owner: true,
    refusesEveryone: { status: 409, why: 'the fixture order is not delivered (services/orders/test/exchanges.test.ts)' },
  },
  'POST /admin/order-cancellations/:id': {
    path: '/admin/order-cancellations/{orderId}',
    refusesEveryone: { status: 409, why: 'the fixture order is unpaid, and only a paid order is cancelled as out of stock' },
  },
  'GET /product/order/:id/refund': {
    path: '/product/order/{orderId}/refund',
    owner: true,
    refusesEveryone: {
      status: 404,
      why: 'the fixture order was not cancelled as out of stock (services/orders/test/out-of-stock.test.ts)',
    },
  },
  'POST /product/order/:id/refund': {
    path: '/product/order/{orderId}/refund',
    body: { choice: 'fund_transfer' },
    owner: true,
    refusesEveryone: {
      status: 404,
      why: 'the fixture order was not cancelled as out of stock (services/orders/test/out-of-stock.test.ts)',
    },
  },
  'POST /admin/orders/:id/refunds/:refundId/retry': {
    path: '/admin/orders/{orderId}/refunds/RF-NONE/retry',
    body: {},
    refusesEveryone: { status: 404, why: 'the fixture order has no failed refund (services/orders/test/refund-retries.test.ts)' },
  },
  'POST /product/order/:id/refunds/:refundId/credits': {
    path: '/product/order/{orderId}/refunds/RF-NONE/credits',
    body: {},
    owner: true,
    refusesEveryone: { status: 404, why: 'the fixture order has no failed refund (services/orders/test/refund-retries.test.ts)' },
  },
  'GET /admin/exchanges': {},
  'POST /admin/exchanges/:id/approve': {
    path: '/admin/exchanges/{orderId}-X1/approve',
    body: {},
    refusesEveryone: { status: 404, why: 'the fixture order has no exchange (services/orders/test/exchanges.test.ts)' },
  },
  'POST /admin/exchanges/:id/refuse': {
    path: '/admin/exchanges/{orderId}-X1/refuse',
    body: { reason: 'The photo shows no damage.' },
    refusesEveryone: { status: 404, why: 'the fixture order has no exchange (services/orders/test/exchanges.test.ts)' },
  },
  // payments
  'GET /subscription/current': {},
  'GET /subscription/savings': {},
  'POST /subscription/create-upi-mandate': { body: {}, refusesEveryone: ALREADY_MEMBERS },
  'PUT /subscription/revoke-mandate/:mandate_id': {
    path: '/subscription/revoke-mandate/{mandateId}',
    body: {},
    owner: true,
    last: true,
  },
  'GET /subscription/mandate-status/:order_id': {
    path: '/subscription/mandate-status/{subscriptionOrderId}',
    owner: true,
  },
  'GET /api/subscription/details': {},
  'POST /api/subscription/create': { body: {}, refusesEveryone: ALREADY_MEMBERS },
  'POST /api/subscription/toggle-auto-renewal': { body: { autoRenewal: true } },
  'POST /api/subscription/cancel': { body: {}, endsMembership: true },
  'POST /webhooks/cashfree': { body: { type: 'PAYMENT_SUCCESS_WEBHOOK', data: {} } },
  // Meta's WhatsApp webhook (decision 0168): a guessed verify token, and a notification without Meta's signature.
  'GET /webhooks/whatsapp': { path: '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=a-guessed-token&hub.challenge=1158201444' },
  'POST /webhooks/whatsapp': { body: { object: 'whatsapp_business_account', entry: [] } },
  'GET /api/subscription/invoices': {},
  'GET /api/subscription/invoice/:paymentId': { path: '/api/subscription/invoice/{paymentId}', owner: true },
  'GET /admin/invoices/:paymentId': { path: '/admin/invoices/{paymentId}' },
  'GET /api/subscription/credit-notes': {},
  'GET /api/subscription/credit-note/:refundId': {
    path: '/api/subscription/credit-note/RF-{paymentId}',
    refusesEveryone: { status: 404, why: 'nothing of the fixture was refunded (services/payments/test/refunds.test.ts)' },
  },
  'GET /admin/invoices/credit-notes/:refundId': {
    path: '/admin/invoices/credit-notes/RF-{paymentId}',
    refusesEveryone: { status: 404, why: 'nothing of the fixture was refunded (services/payments/test/refunds.test.ts)' },
  },
  'GET /api/invoices/order/:orderId': {
    path: '/api/invoices/order/{orderId}',
    refusesEveryone: { status: 404, why: 'the fixture order has not shipped (services/payments/test/product-invoices.test.ts)' },
  },
  'GET /api/invoices/order/:orderId/buyer': { path: '/api/invoices/order/{orderId}/buyer', owner: true },
  'PUT /api/invoices/order/:orderId/buyer': {
    path: '/api/invoices/order/{orderId}/buyer',
    owner: true,
    // A Goa GSTIN: the fixture order is billed in Goa.
    body: { gstin: '30AABCE1234F1ZI', legalName: 'Rao Traders Private Limited' },
  },
  'GET /admin/gst/returns': { path: '/admin/gst/returns?month=2026-11' },
  'GET /admin/gst/returns/:section': { path: '/admin/gst/returns/b2cs?month=2026-11' },
  'GET /admin/gst/gstr1': {
    path: '/admin/gst/gstr1?month=2026-11',
    notEnveloped: "a file for the GST portal's offline tool, in the tool's own JSON (decision 0158)",
  },
  'GET /admin/gst/e-invoices': {},
  'POST /admin/gst/e-invoices/retry': {
    body: { documentNumber: 'EG/2627/999999' },
    refusesEveryone: { status: 404, why: 'a made-up document number; retries are proven by services/payments/test/e-invoicing' },
  },
  'GET /admin/invoices/order/:orderId': {
    path: '/admin/invoices/order/{orderId}',
    refusesEveryone: { status: 404, why: 'the fixture order has not shipped (services/payments/test/product-invoices.test.ts)' },
  },
  'GET /pay/simulator/simulator.css': { page: true },
  'GET /pay/simulator/sessions/:sessionId': { page: true, path: '/pay/simulator/sessions/{paymentSessionId}' },
  'POST /pay/simulator/sessions/:sessionId': {
    page: true,
    path: '/pay/simulator/sessions/{randomId}',
    form: { outcome: 'success', method: 'upi' },
    refusesEveryone: SINGLE_USE_PAGE,
  },
  'GET /pay/simulator/mandates/:sessionId': { page: true, path: '/pay/simulator/mandates/{mandateSessionId}' },
  'POST /pay/simulator/mandates/:sessionId': {
    page: true,
    path: '/pay/simulator/mandates/{randomId}',
    form: { outcome: 'success', upi_id: 'asha@upi' },
    refusesEveryone: SINGLE_USE_PAGE,
  },
  'POST /pay/simulator/subscriptions/:subscriptionId/next-charge': {
    path: '/pay/simulator/subscriptions/{subscriptionOrderId}/next-charge',
    body: { outcome: 'SUCCESS' },
  },
  // admin-bff
  'GET /admin/users': {},
  'GET /admin/users/export': {},
  'GET /admin/payments': {},
  'GET /admin/payments/stats': {},
  'GET /admin/payments/timeouts': {},
  'GET /admin/payments/timeout-analysis': { path: '/admin/payments/timeout-analysis?days=7' },
  'GET /admin/cron/status': {},
  'POST /admin/cron/trigger': { body: { mode: 'light' } },
  'POST /admin/cron/control': { body: { action: 'restart' } },
  'POST /admin/cron/steps/retry': {
    body: { type: 'membership.expiry', key: 'MEM-0:c1' },
    refusesEveryone: { status: 404, why: 'no step is failing in the fixtures; retrying a step is proven by the payments tests' },
  },
  'POST /admin/cron/steps/give-up': {
    body: { type: 'membership.expiry', key: 'MEM-0:c1' },
    refusesEveryone: { status: 404, why: 'no step is failing in the fixtures; giving a step up is proven by the payments tests' },
  },
  'GET /admin/audit': {},
  'GET /admin/messages': {},
  'GET /admin/product-orders': {},
  'GET /admin/product-orders/stats': {},
  'GET /admin/subscriptions': {},
  'GET /admin/subscriptions/stats': {},
  'POST /admin/projections/rebuild': { body: {} },
  'GET /admin/projections/status': {},
};

/** A route as the suites call it: its row here, and who may call it from the operation table. */
export type DeclaredRoute = RouteAccess & { access: Access };

export function declaredRoute(key: string): DeclaredRoute | undefined {
  const op = OPERATIONS.find((candidate) => `${candidate.method} ${candidate.path}` === key);
  return op && { ...ACCESS[key], access: op.access };
}
