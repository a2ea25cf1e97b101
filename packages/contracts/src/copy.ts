/**
 * The spec's user-facing words that both servers and screens use. Screens import them rather than retyping, so a
 * change of wording happens in one place.
 */
export const COPY = {
  cron: {
    /**
     * The spec's success banner is 'Cron service {action}ed successfully'; read literally it says "stoped", so each
     * action has its own past tense.
     */
    controlled: (action: 'restart' | 'stop') => `Cron service ${action === 'stop' ? 'stopped' : 'restarted'} successfully`,
    /**
     * The failing steps' list and actions (docs/decisions/0034); the spec has no words for them. A step is named by
     * its type and what it is for: 'membership.expiry for MEM-123'.
     */
    failingSteps: 'Failing Steps',
    noFailingSteps: 'No failing steps: every step has succeeded or is waiting for its time.',
    stepRetried: (step: string) => `Step ${step} will run again now`,
    stepGivenUp: (step: string) => `Step ${step} given up: it will not run again`,
    confirmGiveUp: (step: string) => `Give up step ${step}? It will not run again, and nothing will do what it was for.`,
    stepActionFailed: (action: 'retry' | 'give up') => `Failed to ${action} the step`,
  },
  giveaway: {
    /** After the draw: the server's refusal of a late entry, and the giveaway block's line to a member who did not enter. */
    closed: 'The giveaway has closed: the winners have been drawn.',
    /** Where the prizes will be, until operators have set them. */
    prizesSoon: 'The 12 prizes will be announced here soon.',
  },
  contact: {
    success: 'Thank you for contacting us! We will get back to you soon.',
    failure: 'There was an error submitting your message. Please try again.',
  },
  orderPage: {
    /** Spec section 8 (status check); the page then offers to log in and comes back to the same order. */
    signIn: 'Please login to check order status',
    signInButton: 'Login',
    /**
     * A payment not yet completed. How long it stays open is the payments service's setting (PAYMENT_TIMEOUT_SECONDS),
     * so the page fills in what the server says: `duration` like '15 minutes', `until` a dd/mm/yyyy hh:mm time in India.
     */
    paymentOpen: (duration: string, until: string) =>
      `Your payment is not complete yet. It stays open for ${duration}, until ${until}, and fails by itself if it is not completed by then.`,
    paymentOpenUntil: (until: string) =>
      `Your payment is not complete yet. It stays open until ${until} and fails by itself if it is not completed by then.`,
    paymentTimeUp: (until: string) => `Your payment was not completed by ${until}, when it closed, so it is being marked as failed.`,
    /** When the server gave no closing time (the payment could not be read). */
    paymentOpenUnknown: 'Your payment is not complete yet. If it is not completed, it fails by itself after a short while.',
    /**
     * A product order whose payment the shopper called off at checkout (status `cancelled`). The spec puts cancelled
     * under its failed screen's title, 'Order Failed', and builds the message from the status without printing it.
     */
    cancelled: 'You cancelled this payment. Nothing was charged.',
    /** A drop's reservation whose time to pay ran out (issue 33): its unit went back for other members. */
    reservationEnded: 'Your reservation ended before the payment was completed, so the unit went back on sale. Nothing was charged.',
    /** Pay now and Cancel on an unpaid reservation (order page and history card). */
    payNow: 'Pay now',
    cancel: 'Cancel',
    reservedFor: 'Reserved for you',
    timeToPay: (left: string) => `${left} left to pay`,
    cancelledByMember: 'You cancelled this order. Nothing was charged.',
    payTimeOver: 'The time to pay for this order has ended.',
  },
  /** A sold-out product's waitlist (issue 33 item 3); the spec has no words for it, these are the product's. */
  waitlist: {
    join: 'Join the waitlist',
    joinTitle: 'Join the Waitlist',
    leave: 'Leave the waitlist',
    /** The sold-out answer's offer, under 'Out of Stock'. */
    offer:
      'Every unit is reserved or sold. Join the waitlist: if a unit comes back, it is reserved for the first member waiting, with their own time to pay, and we email them at once.',
    joined: (position: number) =>
      position === 1
        ? 'You are first on the waitlist. If a unit comes back, it is reserved for you and we email you at once.'
        : `You are number ${position} on the waitlist. If units come back, they are reserved in turn and we email you when one is yours.`,
    place: (position: number) => `Waitlist: you are number ${position}`,
    left: 'You left the waitlist.',
    notSoldOut: 'This product is not sold out: you can buy it now.',
    oneUnit: 'A waitlist place is for one unit.',
    /** The product card's honest line: units members hold unpaid, beside what is left. */
    reservedAndLeft: (reserved: number, left: number) =>
      left > 0 ? `${reserved} reserved, ${left} left` : `${reserved} reserved by members who have not paid yet`,
  },
  membership: {
    /** What revoking the mandate did (services/payments endMembership): the membership ended that moment. */
    revoked:
      'You revoked your UPI AutoPay mandate, so your membership ended at once: the deals board and ordering are closed, and nothing more will be charged. Subscribe again to get them back.',
  },
  /** A new contact email waits for its owner to open a link (docs/decisions/0018); not the spec's words, this product's. */
  emailChange: {
    linkSent: (email: string) => `We sent a confirmation link to ${email}. Your email address changes when you open it.`,
    confirmed: (email: string) => `Your email address is now ${email}.`,
    linkNotValid:
      'This confirmation link is not valid any more: it may have expired or been used already. Save the new email address again to get a new link.',
    tooManyRequests: 'You have asked to change your email address several times today. Please try again tomorrow.',
  },
  /** A new mobile number waits for its owner to open a link texted to it, as a new email does (issue 34). */
  mobileChange: {
    linkSent: (mobile: string) =>
      `We sent a confirmation link to +91 ${mobile} by text message. Your mobile number changes when you open it.`,
    confirmed: (mobile: string) => `Your mobile number is now +91 ${mobile}.`,
    linkNotValid:
      'This confirmation link is not valid any more: it may have expired or been used already. Save the new mobile number again to get a new link.',
    tooManyRequests: 'You have asked to change your mobile number several times today. Please try again tomorrow.',
  },
} as const;
