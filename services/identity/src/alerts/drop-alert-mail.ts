import { indianDateTime, indianDayOf, indianWallClock, listMatchReason } from '@elts/contracts';
import type { DropMoment } from './alert-rules.js';

/** One product of a drop that matched one of the member's list items (the catalog's matcher, decision 0099). */
export interface AlertMatch {
  list: 'need' | 'greed';
  item: string;
  productName: string;
}

const NUMBER_WORDS = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];
/** From this hour of India's day an opening is "tonight". */
const EVENING = '18:00';
const things = (count: number) => `${NUMBER_WORDS[count] ?? String(count)} ${count === 1 ? 'thing' : 'things'} on your lists`;

/**
 * "tonight at 00:00" for a drop opening this evening or at the midnight that ends today, "today at 14:00" for one
 * opening earlier today, else its date and time (India time).
 */
function whenItOpens(now: Date, opensAt: Date): string {
  const hours = (opensAt.getTime() - now.getTime()) / 3_600_000;
  const time = indianWallClock(opensAt).slice(11, 16);
  const sameDay = indianDayOf(opensAt) === indianDayOf(now);
  if (hours < 0 || hours > 12 || !(sameDay || time === '00:00')) return `on ${indianDateTime(opensAt)}`;
  return sameDay && time < EVENING ? `today at ${time}` : `tonight at ${time}`;
}

/** The title of a drop's message for one member: one per moment, however many items matched. */
export function dropAlertTitle(moment: DropMoment, count: number, now: Date, opensAt: Date): string {
  if (moment === 'preview') return `${things(count)} ${count === 1 ? 'drops' : 'drop'} ${whenItOpens(now, opensAt)}`;
  if (moment === 'opening') return `${things(count)} ${count === 1 ? 'is' : 'are'} on sale now`;
  return `Last call: ${things(count).toLowerCase()} ${count === 1 ? 'is' : 'are'} still available`;
}

/** The lines naming each product and why it is there ("Matches your Need list: 'air fryer'"). */
export function dropAlertLines(matches: AlertMatch[]): string[] {
  return matches.map((match) => `- ${match.productName}: ${listMatchReason(match.list, match.item)}`);
}

/**
 * The path a drop message's link to the member's lists takes (mail, Web Push): it counts the click once for the
 * operators' figures and redirects to the lists (docs/decisions/0164). The member's unsubscribe key is the proof.
 */
export function alertOpenPath(link: {
  memberId: string;
  key: string;
  dropId: string;
  moment: DropMoment;
  channel: 'email' | 'push';
}): string {
  return `/alerts/open?${new URLSearchParams({ m: link.memberId, k: link.key, d: link.dropId, moment: link.moment, c: link.channel })}`;
}

/** Where a drop message's link lands: the member's lists, where the board's matches are. */
export const ALERT_LANDING = '/profile?section=lists';

/** The mail's text: the products, the way to them, and a one-tap way out for the channel and for each item. */
export function dropAlertMailText(input: {
  title: string;
  matches: AlertMatch[];
  boardUrl: string;
  stopChannelUrl: string;
  stopItemUrl: (match: AlertMatch) => string;
}): string {
  const items = [...new Map(input.matches.map((match) => [match.item.toLowerCase(), match])).values()];
  return [
    `${input.title}.`,
    '',
    ...dropAlertLines(input.matches),
    '',
    `See them on your deals board: ${input.boardUrl}`,
    '',
    `Stop drop alerts by email: ${input.stopChannelUrl}`,
    ...items.map((match) => `Stop alerts about '${match.item}': ${input.stopItemUrl(match)}`),
  ].join('\n');
}
