import { NEED_LIST_MINIMUM_MESSAGE } from '@elts/contracts';

/** The spec's words on the onboarding steps (sections 2, 5 and 8), in one place so the screens and tests agree. */
export const ONBOARDING_COPY = {
  allFieldsRequired: 'All fields are required. Please fill out all fields.',
  personaRequired: 'Please select a subscription type before submitting.',
  updateFailed: 'Error updating profile.',
  needListMinimum: NEED_LIST_MINIMUM_MESSAGE,
  shippingRequired: 'Pin code, billing address, and shipping address (if applicable) are required.',
  pincodeRequired: 'Pin code is required.',
  skipped: 'You have skipped the shipping information.',
  notServiceable: 'Not serviceable currently',
  sameAddressQuestion: 'Is your shipping address same as your billing address?',
  save: 'I want to save money on every product purchase',
  splurge: 'I spend money lavishly and upgrade my products frequently',
} as const;
