import { describe, expect, it } from 'vitest';
import { CALL_LIMITS, inCalls } from '../src/alerts/drop-alert-jobs.js';

const member = (n: number, matches: number, nameLength: number) => ({
  memberId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  matches: Array.from({ length: matches }, (_, i) => ({
    list: 'need',
    item: `item ${i}`.padEnd(120, 'x'),
    productName: `P${i}`.padEnd(nameLength, 'y'),
  })),
});
/** The body identity receives, as the service client sends it. */
const body = (members: unknown[]) =>
  JSON.stringify({ dropId: 'DRP-ABC123', moment: 'preview', opensAt: '2026-12-11T18:30:00.000Z', members });

describe("a drop's members in calls identity accepts", () => {
  it('keeps every body under the 100 KiB a service takes, even with fifteen long matches a member', () => {
    const members = Array.from({ length: 400 }, (_, n) => member(n, 15, 200));
    const calls = inCalls(members, CALL_LIMITS);
    expect(calls.length).toBeGreaterThan(20);
    for (const call of calls) expect(Buffer.byteLength(body(call))).toBeLessThan(100 * 1024);
    expect(calls.flat()).toEqual(members);
  });

  it('sends at most 1,000 members a call, in their order', () => {
    const members = Array.from({ length: 2500 }, (_, n) => ({ memberId: String(n), matches: [] }));
    const calls = inCalls(members, { members: 1000, bytes: 10 * 1024 * 1024 });
    expect(calls.map((call) => call.length)).toEqual([1000, 1000, 500]);
    expect(calls.flat()).toEqual(members);
  });
});
