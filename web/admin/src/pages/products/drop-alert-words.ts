import { type AlertChannel, type API, type DataOf, formatRupees } from '@elts/contracts';

/** What identity answers for one drop's alerts (issue 37 item 5, decision 0164). */
export type DropAlertFiguresAnswer = DataOf<typeof API.adminDropAlertFigures>;

export const CHANNEL_NAMES: Record<AlertChannel, string> = {
  email: 'Email',
  inbox: 'In-app inbox',
  push: 'Push notifications',
  whatsapp: 'WhatsApp',
};

/** A count, or why there is none: the channel does not report it. */
export const figure = (count: number | null): string => (count === null ? 'Not reported' : count.toLocaleString('en-IN'));

/** A per-message price in paise with its fraction (86.31 paise: ₹0.8631). */
export const pricePerMessage = (paise: number): string => `₹${(paise / 100).toFixed(4).replace(/0{1,2}$/, '')}`;

/** The WhatsApp lines under the table: the drop's cost, the month's, and the prices they are estimated at. */
export function whatsappCostLines(whatsapp: DropAlertFiguresAnswer['whatsapp']): string[] {
  const [year, month] = whatsapp.month.split('-');
  const { MARKETING, UTILITY } = whatsapp.monthMessages;
  return [
    `This drop on WhatsApp: ${formatRupees(whatsapp.dropCostPaise)} (estimated)`,
    `WhatsApp in ${month}/${year} so far: ${formatRupees(whatsapp.monthCostPaise)} (estimated) for ${MARKETING.toLocaleString('en-IN')} marketing and ${UTILITY.toLocaleString('en-IN')} utility messages`,
    `Priced at ${pricePerMessage(whatsapp.pricesPaise.MARKETING)} a marketing and ${pricePerMessage(whatsapp.pricesPaise.UTILITY)} a utility message delivered (WHATSAPP_PRICE_PAISE)`,
  ];
}
