/**
 * Indian mobile numbers: ten digits starting 6-9, optionally written with +91, 91 or a leading 0, spaces or dashes.
 */
const MOBILE = /^[6-9]\d{9}$/;

/** The ten-digit number, or undefined when the input is not an Indian mobile number. */
export function indianMobileDigits(input: string): string | undefined {
  let digits = input.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return MOBILE.test(digits) ? digits : undefined;
}

export function isIndianMobile(input: string): boolean {
  return indianMobileDigits(input) !== undefined;
}

/** `formatIndianMobile('09876543210')` → '+91 98765 43210'; anything else is returned as it was given. */
export function formatIndianMobile(input: string): string {
  const digits = indianMobileDigits(input);
  return digits ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : input;
}
