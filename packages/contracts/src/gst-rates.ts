/**
 * The GST rates a product may carry, as data: the operator picks one in the product form, the catalog accepts no
 * other, and the invoice shows it. Rates change by notification (the reform of 22 September 2025 left 5% and 18%
 * for most goods, 40% for a few, 3% for gold and jewellery, and nil for some), so a change is an edit of this table,
 * not of code. A product keeps the rate it was saved with until an operator picks another.
 */
export const GST_RATES = [
  { percent: 0, label: 'Nil (0%)' },
  { percent: 3, label: '3% (gold, silver, jewellery)' },
  { percent: 5, label: '5% (essentials, most clothing and footwear up to ₹2,500)' },
  { percent: 18, label: '18% (standard rate: electronics, appliances, most goods)' },
  { percent: 40, label: '40% (luxury and demerit goods)' },
] as const;

export type GstRatePercent = (typeof GST_RATES)[number]['percent'];

export const GST_RATE_PERCENTS: readonly number[] = GST_RATES.map((rate) => rate.percent);

/** HSN codes on our invoices have 4, 6 or 8 digits (chapter, heading, subheading or tariff item). */
export const HSN_CODE_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;

export const HSN_CODE_MESSAGE = 'HSN code must be 4, 6 or 8 digits';
export const GST_RATE_MESSAGE = `GST rate must be one of ${GST_RATES.map((rate) => `${rate.percent}%`).join(', ')}`;
export const HSN_CODE_REQUIRED_MESSAGE = 'HSN code is required';
export const GST_RATE_REQUIRED_MESSAGE = 'GST rate is required';
