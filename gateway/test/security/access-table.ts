import { GIVEAWAY_QUESTIONS } from '@elts/contracts';
import { ADMIN } from '../support/product.js';

/**
 * Who may call each public route, declared once. The authorization suite enumerates the routes the services really
 * serve under the gateway's prefixes and fails on any route missing here, so a new endpoint cannot ship without
 * someone deciding who may call it.
 *
 * - public: anyone, with or without a session.
 * - member: a member session; none gets 401; an admin session alone is not a member.
 * - admin: an admin session; none and a member session get 401 'Authentication required'.
 * - signed: a provider callback that proves itself by signature, never by session: refused unsigned, whoever calls.
 *
 * `owner` names the member-A object in the path; another member must then get a refusal that tells them nothing.
 * Paths use the fixture names in braces; bodies are valid for the route so that only the session decides.
 */
export type Access = 'public' | 'member' | 'admin' | 'signed';
export type Fixture = 'productId' | 'orderId' | 'mandateId' | 'subscriptionOrderId' | 'paymentId' | 'randomId' | 'idToken';

export interface RouteAccess {
  access: Access;
  /** The request path when the route has parameters or needs a query. */
  path?: string;
  body?: unknown;
  /** Member A's object is in the path: member B must be refused. */
  owner?: boolean;
  /** Ends the session it is called with (logout): each caller gets a session of its own. */
  endsSession?: boolean;
  /** A page for people (the payment simulator, the development sign-in), not the API: it may refuse in HTML. */
  page?: boolean;
  /** Changes member A's standing (revocation, cancellation): called after every other route. */
  last?: boolean;
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
};

export const ACCESS: Record<string, RouteAccess> = {
  // identity
  'GET /user/sign-in-options': { access: 'public' },
  'POST /user/login': { access: 'public', body: { credential: '{idToken}' } },
  'POST /user/logout': { access: 'member', body: {}, endsSession: true },
  'POST /user/logout-everywhere': { access: 'member', body: {}, endsSession: true },
  'POST /admin/login': { access: 'public', body: ADMIN },
  'POST /admin/logout': { access: 'admin', body: {}, endsSession: true },
  'POST /user/get-profile': { access: 'member', body: {} },
  'POST /user/update-profile': { access: 'member', body: { needList: ['Headphones', 'Shoes', 'Cooker'], greedList: [] } },
  'POST /user/send-welcome-email': { access: 'member', body: {} },
  'GET /user/wall': { access: 'public' },
  'GET /user/giveaway': { access: 'member' },
  'POST /user/giveaway': {
    access: 'member',
    body: Object.fromEntries(GIVEAWAY_QUESTIONS.map(({ key, question, correct }) => [key, { question, answer: correct }])),
  },
  'GET /user/invitations': { access: 'member' },
  'POST /user/invitations': { access: 'member', body: {} },
  'POST /admin/invitations': { access: 'admin', body: { count: 1 } },
  'POST /user/contact': { access: 'public', body: { name: 'Asha Rao', email: 'asha@example.in', message: 'Hello from the matrix.' } },
  'GET /dev/idp': { access: 'public', page: true },
  'GET /dev/idp/idp.js': { access: 'public', page: true },
  'GET /dev/idp/idp.css': { access: 'public', page: true },
  'GET /dev/idp/jwks.json': { access: 'public' },
  'GET /dev/idp/.well-known/openid-configuration': { access: 'public' },
  'POST /dev/idp/id-token': { access: 'public', body: { email: 'matrix@example.in', name: 'Matrix Person' } },
  // Outside production only, like the development sign-in: the mail the product would have sent.
  'GET /dev/mailbox': { access: 'public' },
  // catalog
  'GET /product/images/:file': { access: 'public', page: true, path: '/product/images/pressure-cooker.svg' },
  'GET /product/list': { access: 'public' },
  'GET /product/brands': { access: 'public' },
  'GET /product/:id/variants': { access: 'public', path: '/product/{productId}/variants' },
  'POST /product/create': { access: 'admin', body: PRODUCT_BODY },
  'PUT /product/update/:id': { access: 'admin', path: '/product/update/{productId}', body: { ...PRODUCT_BODY, name: 'Matrix Kettle Two' } },
  'PUT /product/toggle-status/:id': { access: 'admin', path: '/product/toggle-status/{randomId}', body: {} },
  'GET /admin/drops': { access: 'admin' },
  'POST /admin/drops': { access: 'admin', body: {} },
  'PUT /admin/drops/:id': { access: 'admin', path: '/admin/drops/{randomId}', body: {} },
  'DELETE /admin/drops/:id': { access: 'admin', path: '/admin/drops/{randomId}' },
  'GET /admin/early-access': { access: 'admin' },
  'POST /admin/early-access': { access: 'admin', body: { email: 'early@example.in' } },
  'DELETE /admin/early-access': { access: 'admin', body: { email: 'early@example.in' } },
  'DELETE /admin/early-access/:email': { access: 'admin', path: '/admin/early-access/early@example.in' },
  // orders
  'GET /shipping/bluedart/pincode/:pincode': { access: 'public', path: '/shipping/bluedart/pincode/403001' },
  'POST /product/order': { access: 'member', body: ORDER_BODY },
  'GET /product/orders/user': { access: 'member' },
  'GET /product/order/:id': { access: 'member', path: '/product/order/{orderId}', owner: true },
  'GET /product/order/:id/gateway-status': { access: 'member', path: '/product/order/{orderId}/gateway-status', owner: true },
  // payments
  'GET /subscription/current': { access: 'member' },
  'POST /subscription/create-upi-mandate': { access: 'member', body: {} },
  'PUT /subscription/revoke-mandate/:mandate_id': {
    access: 'member',
    path: '/subscription/revoke-mandate/{mandateId}',
    body: {},
    owner: true,
    last: true,
  },
  'GET /subscription/mandate-status/:order_id': {
    access: 'member',
    path: '/subscription/mandate-status/{subscriptionOrderId}',
    owner: true,
  },
  'GET /api/subscription/details': { access: 'member' },
  'POST /api/subscription/create': { access: 'member', body: {} },
  'POST /api/subscription/toggle-auto-renewal': { access: 'member', body: { autoRenewal: true } },
  'POST /api/subscription/cancel': { access: 'member', body: {}, last: true },
  'POST /webhooks/cashfree': { access: 'signed', body: { type: 'PAYMENT_SUCCESS_WEBHOOK', data: {} } },
  'GET /api/subscription/invoices': { access: 'member' },
  'GET /api/subscription/invoice/:paymentId': { access: 'member', path: '/api/subscription/invoice/{paymentId}', owner: true },
  'GET /admin/invoices/:paymentId': { access: 'admin', path: '/admin/invoices/{paymentId}' },
  'GET /pay/simulator/simulator.css': { access: 'public', page: true },
  'GET /pay/simulator/sessions/:sessionId': { access: 'public', page: true, path: '/pay/simulator/sessions/{randomId}' },
  'POST /pay/simulator/sessions/:sessionId': { access: 'public', page: true, path: '/pay/simulator/sessions/{randomId}', body: {} },
  'GET /pay/simulator/mandates/:sessionId': { access: 'public', page: true, path: '/pay/simulator/mandates/{randomId}' },
  'POST /pay/simulator/mandates/:sessionId': { access: 'public', page: true, path: '/pay/simulator/mandates/{randomId}', body: {} },
  'POST /pay/simulator/subscriptions/:subscriptionId/next-charge': {
    access: 'public',
    path: '/pay/simulator/subscriptions/{randomId}/next-charge',
    body: {},
  },
  // admin-bff
  'GET /admin/users': { access: 'admin' },
  'GET /admin/users/export': { access: 'admin' },
  'GET /admin/payments': { access: 'admin' },
  'GET /admin/payments/stats': { access: 'admin' },
  'GET /admin/payments/timeouts': { access: 'admin' },
  'GET /admin/payments/timeout-analysis': { access: 'admin', path: '/admin/payments/timeout-analysis?days=7' },
  'GET /admin/cron/status': { access: 'admin' },
  'POST /admin/cron/trigger': { access: 'admin', body: { job: 'light' } },
  'POST /admin/cron/control': { access: 'admin', body: { action: 'status' } },
  'GET /admin/audit': { access: 'admin' },
  'GET /admin/messages': { access: 'admin' },
  'GET /admin/product-orders': { access: 'admin' },
  'GET /admin/product-orders/stats': { access: 'admin' },
  'GET /admin/subscriptions': { access: 'admin' },
  'GET /admin/subscriptions/stats': { access: 'admin' },
  'POST /admin/projections/rebuild': { access: 'admin', body: {} },
  'GET /admin/projections/status': { access: 'admin' },
};
