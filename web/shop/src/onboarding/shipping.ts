export interface ShippingForm {
  pincode: string;
  sameAddress: boolean;
  billingAddress: string;
  shippingAddress: string;
}

/** Only digits, at most 6 (the field's maximum length, spec section 5). */
export const pincodeInput = (raw: string) => raw.replace(/\D/g, '').slice(0, 6);

/**
 * The Submit body `{address, pincode, professionAddress}` (spec section 7), or undefined when a required field is
 * missing: pincode and billing address always, shipping address only when it differs. With the same address, the
 * billing address is the shipping address too. The pincode goes as a number.
 */
export function shippingSubmitBody(form: ShippingForm): { address: string; pincode: number; professionAddress: string } | undefined {
  const billing = form.billingAddress.trim();
  const shipping = form.sameAddress ? billing : form.shippingAddress.trim();
  if (!form.pincode.trim() || !billing || !shipping) return undefined;
  return { address: shipping, pincode: Number(form.pincode), professionAddress: billing };
}

/** Skip sends the pincode alone, and needs it (spec section 5). */
export function shippingSkipBody(form: ShippingForm): { pincode: number } | undefined {
  return form.pincode.trim() ? { pincode: Number(form.pincode) } : undefined;
}
