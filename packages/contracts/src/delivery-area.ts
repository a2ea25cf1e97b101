/**
 * What the product says to a member whose pincode deliveries have not reached (docs/decisions/0116): on the account
 * page, in the welcome, and in the payments service's refusal to start a membership there. Not the spec's words (it
 * only disables the button with 'Pincode not serviceable currently'); this product's, so the member is not stuck.
 */
export const DELIVERY_AREA_COPY = {
  notYet: (pincode: string) => `Deliveries have not reached ${pincode} yet, so a membership cannot start there for now.`,
  changeHint: 'Moving, or shipping somewhere else? Change your pin code in your shipping details.',
  changeLink: 'Change shipping details',
  notifyButton: 'Tell me when deliveries reach my area',
  notifyRecorded: (pincode: string) => `Thank you. We will let you know when deliveries reach ${pincode}.`,
  noPincode: 'Please add your pin code to your shipping details before subscribing.',
  welcome: 'Welcome aboard! Deliveries have not reached your area yet.',
  welcomeBody: (pincode: string) =>
    `We cannot deliver to ${pincode} yet, so subscriptions are not open there. Your Profile lets you change your shipping details, or ask us to tell you when deliveries reach you.`,
} as const;
