import {
  type AlertChannel,
  type AlertPreferences,
  addDays,
  fromIndianWallClock,
  indianDayOf,
  indianWallClock,
  PROMOTIONAL_MESSAGES_PER_DROP,
} from '@elts/contracts';

/**
 * The member's choices applied to one message, as pure functions (docs/decisions/0088): whether an item on a list
 * alerts them, on which channels, when the message may go (quiet hours in India time delay it, never drop it) and
 * whether a drop's promotional messages are used up.
 */

/** The moments of a drop a member hears about (issue 37 item 4). */
export type DropMoment = 'preview' | 'opening' | 'last_call';

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * When a message made at `now` may go: at once outside quiet hours, else at their end. Hours that pass midnight
 * (22:00 to 08:00) are quiet from `from` to the next `until`. A drop's opening goes at once to a member who asked to be
 * woken for it.
 */
export function sendAfter(now: Date, preferences: AlertPreferences, moment: DropMoment): Date {
  if (moment === 'opening' && preferences.wakeAtOpening) return now;
  const { from, until } = preferences.quietHours;
  const minute = minutesOf(indianWallClock(now).slice(11, 16));
  const start = minutesOf(from);
  const end = minutesOf(until);
  const overnight = start > end;
  const quiet = overnight ? minute >= start || minute < end : minute >= start && minute < end;
  if (!quiet) return now;
  const today = indianDayOf(now);
  const endDay = overnight && minute >= start ? addDays(today, 1) : today;
  return fromIndianWallClock(`${endDay}T${until}`) as Date;
}

/** Whether a list item alerts the member: its list is on and they have not unsubscribed from the item. */
export function itemAlerts(preferences: AlertPreferences, list: 'need' | 'greed', item: string): boolean {
  if (!preferences.lists[list]) return false;
  const key = item.trim().toLowerCase();
  return !preferences.mutedItems.some((muted) => muted.toLowerCase() === key);
}

/** The channels a message goes out on: only those the member turned on. */
export function channelsFor(preferences: AlertPreferences): AlertChannel[] {
  return (Object.keys(preferences.channels) as AlertChannel[]).filter((channel) => preferences.channels[channel]);
}

/** Whether another promotional message may go to a member for a drop that has already sent them `sent`. */
export function promotionalAllowed(sent: number): boolean {
  return sent < PROMOTIONAL_MESSAGES_PER_DROP;
}

/** A one-tap unsubscribe, applied at once: a channel turned off, or an item muted on every channel. */
export function unsubscribe(preferences: AlertPreferences, what: { channel?: AlertChannel; item?: string }): AlertPreferences {
  const channels = what.channel ? { ...preferences.channels, [what.channel]: false } : preferences.channels;
  const item = what.item?.trim();
  const muted =
    item && !preferences.mutedItems.some((known) => known.toLowerCase() === item.toLowerCase())
      ? [...preferences.mutedItems, item]
      : preferences.mutedItems;
  return { ...preferences, channels, mutedItems: muted };
}
