import { formatIndianDay, formatRupees } from '@elts/contracts';

/** `GET /subscription/savings`'s year (decision 0156), amounts in paise. */
export interface SavingsYear {
  first_day: string;
  last_day: string;
  orders_counted: number;
  retail_paise: number;
  paid_paise: number;
  credit_paise: number;
  saving_paise: number;
  orders_without_retail: number;
  orders_refunded: number;
  fee_paise: number;
  times_fee_saved: number | null;
}

const orders = (count: number) => (count === 1 ? '1 order' : `${count} orders`);
const times = (value: number) => (value === 1 ? 'once' : value === 2 ? 'twice' : `${value.toLocaleString('en-IN')} times`);

/**
 * The savings card's lines (issue 39 item 2): the year, what was saved against the recorded retail price and how,
 * what the fee came to and how many times the saving has paid it, and what was left out and why. Plain sentences in
 * en-IN rupees (the spec says nothing of savings beyond "never pay retail").
 */
export function savingsLines(year: SavingsYear) {
  const period = `Your membership year: ${formatIndianDay(year.first_day)} to ${formatIndianDay(year.last_day)}.`;
  const fee = `Your membership fee came to ${formatRupees(year.fee_paise)}`;
  const leftOut = [
    year.orders_without_retail > 0
      ? `${orders(year.orders_without_retail)} left out: no retail price was recorded for ${year.orders_without_retail === 1 ? 'it' : 'them'}.`
      : undefined,
    year.orders_refunded > 0 ? `${orders(year.orders_refunded)} left out: refunded.` : undefined,
  ].filter((line): line is string => line !== undefined);

  if (year.orders_counted === 0) {
    return {
      period,
      headline: undefined,
      detail: 'No paid order of this membership year has a recorded retail price yet, so there is no saving to show.',
      fee: `${fee}.`,
      leftOut,
    };
  }
  // What was paid is after the credit, so the credit (the fee coming back) is part of the saving.
  const credit = year.credit_paise > 0 ? `, after ${formatRupees(year.credit_paise)} of membership credit,` : '';
  const detail = `You paid ${formatRupees(year.paid_paise)}${credit} for ${orders(year.orders_counted)} whose recorded retail price came to ${formatRupees(year.retail_paise)}.`;
  const saving = year.saving_paise;
  const headline =
    saving > 0
      ? `${formatRupees(saving)} saved against retail`
      : saving < 0
        ? `${formatRupees(-saving)} more than retail`
        : 'The same as retail';
  const paidFor =
    year.times_fee_saved !== null && year.times_fee_saved >= 1
      ? `: it has paid for itself ${times(year.times_fee_saved)}.`
      : saving > 0
        ? `: your saving has covered ${Math.floor((saving * 100) / year.fee_paise)}% of it so far.`
        : '.';
  return { period, headline, detail, fee: `${fee}${paidFor}`, leftOut };
}
