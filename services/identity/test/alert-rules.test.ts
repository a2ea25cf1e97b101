import { DEFAULT_ALERT_PREFERENCES, fromIndianWallClock } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { itemAlerts, promotionalAllowed, sendAfter, unsubscribe } from '../src/alerts/alert-rules.js';
import { dropAlertMailText, dropAlertTitle } from '../src/alerts/drop-alert-mail.js';

const india = (text: string) => fromIndianWallClock(text) as Date;
const defaults = DEFAULT_ALERT_PREFERENCES;

describe('the alert rules', () => {
  it('holds a message made in quiet hours (22:00 to 08:00 India time) until they end, and sends others at once', () => {
    expect(sendAfter(india('2026-11-27T23:30'), defaults, 'preview')).toEqual(india('2026-11-28T08:00'));
    expect(sendAfter(india('2026-11-28T07:59'), defaults, 'last_call')).toEqual(india('2026-11-28T08:00'));
    expect(sendAfter(india('2026-11-28T22:00'), defaults, 'preview')).toEqual(india('2026-11-29T08:00'));
    expect(sendAfter(india('2026-11-28T08:00'), defaults, 'preview')).toEqual(india('2026-11-28T08:00'));
    expect(sendAfter(india('2026-11-28T21:59'), defaults, 'preview')).toEqual(india('2026-11-28T21:59'));
    const afternoon = { ...defaults, quietHours: { from: '13:00', until: '15:00' } };
    expect(sendAfter(india('2026-11-28T14:00'), afternoon, 'preview')).toEqual(india('2026-11-28T15:00'));
    expect(sendAfter(india('2026-11-28T23:00'), afternoon, 'preview')).toEqual(india('2026-11-28T23:00'));
  });

  it('wakes at the opening only a member who asked', () => {
    const midnight = india('2026-11-28T00:00');
    expect(sendAfter(midnight, { ...defaults, wakeAtOpening: true }, 'opening')).toEqual(midnight);
    expect(sendAfter(midnight, { ...defaults, wakeAtOpening: true }, 'preview')).toEqual(india('2026-11-28T08:00'));
    expect(sendAfter(midnight, defaults, 'opening')).toEqual(india('2026-11-28T08:00'));
  });

  it('alerts for an item only while its list is on and the item is not muted', () => {
    expect(itemAlerts(defaults, 'need', 'air fryer')).toBe(true);
    expect(itemAlerts({ ...defaults, lists: { need: true, greed: false } }, 'greed', 'air fryer')).toBe(false);
    const muted = unsubscribe(defaults, { item: 'Air Fryer ' });
    expect(muted.mutedItems).toEqual(['Air Fryer']);
    expect(itemAlerts(muted, 'need', 'air fryer')).toBe(false);
    expect(unsubscribe(muted, { item: 'air fryer' }).mutedItems).toEqual(['Air Fryer']);
  });

  it('turns a channel off at once, and allows two promotional messages per drop', () => {
    const on = { ...defaults, channels: { email: true, inbox: true, push: true, whatsapp: true } };
    expect(unsubscribe(on, { channel: 'email' }).channels).toEqual({ email: false, inbox: true, push: true, whatsapp: true });
    expect(unsubscribe(on, { channel: 'push' }).channels).toEqual({ email: true, inbox: true, push: false, whatsapp: true });
    expect([0, 1, 2].map(promotionalAllowed)).toEqual([true, true, false]);
  });

  it('says how many things drop and when, once for all of them, and why each is there', () => {
    const now = india('2026-11-27T21:00');
    expect(dropAlertTitle('preview', 3, now, india('2026-11-28T00:00'))).toBe('Three things on your lists drop tonight at 00:00');
    expect(dropAlertTitle('preview', 1, now, india('2026-12-11T00:00'))).toBe('One thing on your lists drops on 11/12/2026 00:00');
    const morning = india('2026-11-27T09:30');
    expect(dropAlertTitle('preview', 1, morning, india('2026-11-27T13:30'))).toBe('One thing on your lists drops today at 13:30');
    expect(dropAlertTitle('preview', 2, morning, india('2026-11-27T20:00'))).toBe('Two things on your lists drop tonight at 20:00');
    expect(dropAlertTitle('opening', 2, now, now)).toBe('Two things on your lists are on sale now');
    expect(dropAlertTitle('last_call', 12, now, now)).toBe('Last call: 12 things on your lists are still available');
    const text = dropAlertMailText({
      title: 'Two things on your lists drop tonight at 00:00',
      matches: [
        { list: 'need', item: 'air fryer', productName: 'Philips Airfryer' },
        { list: 'need', item: 'air fryer', productName: 'Bajaj Air Fryer' },
      ],
      boardUrl: 'https://elts.test/profile',
      stopChannelUrl: 'https://elts.test/alerts/unsubscribe?channel=email',
      stopItemUrl: (match) => `https://elts.test/alerts/unsubscribe?item=${encodeURIComponent(match.item)}`,
    });
    expect(text).toContain("- Philips Airfryer: Matches your Need list: 'air fryer'");
    expect(text).toContain('Stop drop alerts by email: https://elts.test/alerts/unsubscribe?channel=email');
    expect(text.match(/Stop alerts about 'air fryer'/g)).toHaveLength(1);
  });
});
