/**
 * The words a member agrees to when turning WhatsApp on (recorded with the time and their number, decision 0160):
 * drop alerts are marketing messages on WhatsApp, and Meta asks for an opt-in that says what kind of messages come.
 * The messages themselves come from the business's verified WhatsApp name. Kept apart from the schemas, so the shop
 * can show them without zod.
 */
export const WHATSAPP_OPT_IN_WORDING =
  'I agree to get drop alerts, which are marketing messages, about things on my lists on WhatsApp at my mobile number. I can stop them at any time here.';
