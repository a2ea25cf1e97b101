import { COPY } from '@elts/contracts';

/** The spec's words for the subscription panel and the order page (sections 2, 5 and 8), in one place. */
export const MEMBERSHIP_COPY = {
  loading: 'Loading subscription details...',
  currentSubscription: 'CURRENT SUBSCRIPTION',
  validUntil: 'Valid Until',
  viewDetails: 'VIEW DETAILS',
  subscribeHint: 'Get access to exclusive deals and savings',
  notServiceable: 'Pincode not serviceable currently',
  revokeMandate: 'REVOKE MANDATE',
  modals: {
    details: 'Subscription Details',
    pricing: 'Subscription Pricing',
    revoke: 'Confirm Mandate Revocation',
  },
  toasts: {
    profileIncomplete: 'Please complete your profile information before subscribing.',
    redirecting: 'Redirecting to payment...',
    initiateFailed: 'Failed to initiate subscription. Please try again.',
    initiateOffline: 'Error initiating subscription. Please check your connection.',
    revoked: 'Mandate revoked successfully. Your subscription has been cancelled.',
    revokeFailed: 'Failed to revoke mandate. Please try again.',
    revokeOffline: 'Error revoking mandate. Please check your connection.',
    noMandate: 'No active mandate found to revoke.',
    detailsFailed: 'Failed to load subscription details',
    autoRenewalFailed: 'Failed to update auto-renewal setting',
    cancelFailed: 'Failed to cancel subscription',
  },
} as const;

export const ORDER_COPY = {
  title: 'Order Status',
  loading: 'Processing... Please wait while we verify your payment.',
  activated: 'Subscription Activated!',
  failed: 'Payment Failed',
  pending: 'Payment Pending',
  tryAgain: 'Try Payment Again',
  refresh: 'Refresh Status',
  home: 'Go to Home',
  viewSubscription: 'View Subscription Details',
  startShopping: 'Start Shopping',
  signIn: COPY.orderPage.signIn,
  fetchFailed: 'Failed to fetch order status',
  fetchOffline: 'Error fetching order status. Please try again.',
  noOrder: 'No order information found. Please try initiating the payment again.',
  noOrderInSession: 'No order information found in session. Please try initiating the payment again.',
  defaultFailure: 'Your payment could not be completed. No membership was started.',
  benefits: [
    'Access to member-only deals and exclusive launches',
    'Priority notifications for flash sales',
    'Automatic yearly renewal through your UPI AutoPay mandate, with a notice before each deduction',
  ],
} as const;
