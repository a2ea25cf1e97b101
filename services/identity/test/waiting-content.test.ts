import { describe, expect, it } from 'vitest';
import { contentNow } from '../src/alerts/waiting-message.js';
import type { WaitingRowColumns } from '../src/store/outbox-claims.js';

const now = new Date('2026-11-28T12:00:00Z');
const row = (changes: Partial<WaitingRowColumns>): WaitingRowColumns => ({
  id: 'r',
  dedupe_key: 'k',
  member_id: 'm',
  drop_id: null,
  moment: null,
  opens_at: null,
  matches: null,
  handover: null,
  send_after: null,
  status: 'sending',
  attempts: 1,
  claimed_at: now,
  last_error: null,
  created_at: now,
  sent_at: null,
  ...changes,
});
const handover = { orderId: 'ORD-1', product: 'Sony WH-1000XM5', amountPaise: 100, reservedUntil: '2026-11-28T12:15:00.000Z' };
const everything = () => true;

/** What a waiting message says when it goes (decisions 0160 and 0164). */
describe('a waiting message at delivery', () => {
  it('hands a reservation over until its pay-by time, and not after it, nor once the channel is off', () => {
    expect(contentNow(row({ handover }), true, everything, now, 'KEY')).toEqual({ kind: 'handover', handover });
    expect(contentNow(row({ handover }), true, everything, new Date('2026-11-28T12:15:00Z'), 'KEY')).toBeUndefined();
    expect(contentNow(row({ handover }), false, everything, now, 'KEY')).toBeUndefined();
  });

  it("says a drop's items still wanted, and nothing when none is", () => {
    const matches = [
      { list: 'need' as const, item: 'air fryer', productName: 'Airfryer' },
      { list: 'greed' as const, item: 'TWS', productName: 'Airdopes' },
    ];
    const drop = row({ drop_id: 'D', moment: 'preview', opens_at: now, matches });
    expect(contentNow(drop, true, (match) => match.item === 'TWS', now, 'KEY')).toEqual({
      kind: 'drop',
      matches: [matches[1]],
      dropId: 'D',
      moment: 'preview',
      opensAt: now,
      memberId: 'm',
      key: 'KEY',
    });
    expect(contentNow(drop, true, () => false, now, 'KEY')).toBeUndefined();
  });
});
