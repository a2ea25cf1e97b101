const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₹1,178.82 from 117882 paise (Indian digit grouping: ₹1,00,000.00). */
export const rupees = (paise: number): string => inr.format(paise / 100);

/** The spec's API fields named `amount` carry rupees; `amount_paise` beside them carries the exact integer. */
export const rupeeAmount = (paise: number): number => Math.round(paise) / 100;
