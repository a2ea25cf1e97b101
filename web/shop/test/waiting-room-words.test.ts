import { describe, expect, it } from 'vitest';
import { askFor, nextPollMs, WAITING_HOLD_SECONDS, type WaitingRoom } from '../src/api/waiting-room.js';
import { roomWords, showsRoom } from '../src/drop-night/waiting-room-words.js';

// A drop opening at Saturday 05/12/2026 00:00 India time, its room from 23:50 on Friday.
const OPENS = Date.parse('2026-12-04T18:30:00.000Z');
const room = (over: Partial<WaitingRoom> = {}): WaitingRoom => ({
  drop_id: 'DROP-2026-12-04',
  label: 'Deal drop of 04/12/2026',
  opens_at: '2026-12-04T18:30:00.000Z',
  closes_at: '2026-12-06T18:30:00.000Z',
  room_opens_at: '2026-12-04T18:20:00.000Z',
  state: 'open',
  seed_sha256: 'a'.repeat(64),
  joined: false,
  position: null,
  entrants: null,
  admitted_at: null,
  admitted: false,
  units_left: 1200,
  sold_out: false,
  member_id: 'M-1',
  now: '2026-12-04T18:25:00.000Z',
  version: '0123456789abcdef',
  ...over,
});

describe("the drop's waiting room panel", () => {
  it('offers to join, then says the member is in, with the time to the opening in India time and en-IN counts', () => {
    const at = OPENS - 245_000;
    expect(roomWords(room(), at)).toEqual({
      lines: [
        'The drop opens at 00:00:00 on 05/12/2026, India time, in 4 min 05 s.',
        'Join now to get a place in a fair draw at the opening.',
        '1,200 units left in this drop.',
      ],
      join: true,
    });
    expect(roomWords(room({ joined: true }), at).lines[0]).toBe('You are in. Your place is drawn when the drop opens.');
  });

  it("gives a drawn member their place and turn, and one who did not join the entrants' lead", () => {
    const drawn = { state: 'drawn' as const, entrants: 2000, admitted_at: '2026-12-04T18:30:06.000Z' };
    expect(roomWords(room({ ...drawn, joined: true, position: 1234 }), OPENS + 1500).lines).toEqual([
      'You are number 1,234 of 2,000.',
      'Your turn to buy comes at 00:00:06, in 5 s.',
      '1,200 units left in this drop.',
    ]);
    expect(roomWords(room({ ...drawn, admitted_at: '2026-12-04T18:30:10.000Z' }), OPENS).lines[0]).toBe(
      'Members who were in the waiting room go first. You can buy from 00:00:10, in 10 s.',
    );
  });

  it('shows from the room opening until the member may buy, and Sold out to everyone', () => {
    expect(showsRoom(room(), Date.parse('2026-12-04T18:19:59.000Z'))).toBe(false);
    expect(showsRoom(room(), Date.parse('2026-12-04T18:20:00.000Z'))).toBe(true);
    expect(showsRoom(room({ state: 'drawn', admitted: true }), OPENS + 1000)).toBe(false);
    expect(showsRoom(room({ state: 'drawn', admitted: true, sold_out: true, units_left: 0 }), OPENS + 1000)).toBe(true);
  });

  it('holds its asks for a change once the room is open, asks now and then before, never once the member may buy or it is gone', () => {
    // Before the opening an ask is held 20 s (the opening answers it at once); once drawn, 3 s, so the units left
    // shown are at most that old; the next ask follows each answer at once.
    expect(askFor(room())).toEqual({ seen: '0123456789abcdef', wait: 20 });
    expect(askFor(room({ state: 'drawn' }))).toEqual({ seen: '0123456789abcdef', wait: WAITING_HOLD_SECONDS });
    expect(nextPollMs(room())).toBe(100);
    expect(nextPollMs(room({ state: 'drawn' }))).toBe(100);
    // A room not open yet is asked plainly, at its opening or within a minute, and a failed ask waits 5 s.
    expect(askFor(room({ state: 'upcoming' }))).toEqual({});
    expect(askFor(null)).toEqual({});
    expect(nextPollMs(room({ state: 'upcoming', now: '2026-12-04T18:19:50.000Z' }))).toBe(10_000);
    expect(nextPollMs(room({ state: 'upcoming', now: '2026-12-04T10:00:00.000Z' }))).toBe(60_000);
    expect(nextPollMs(room({ state: 'drawn' }), true)).toBe(5000);
    // Nothing more to wait for.
    for (const done of [room({ state: 'drawn', admitted: true }), room({ state: 'drawn', sold_out: true })]) {
      expect(askFor(done)).toEqual({});
      expect(nextPollMs(done)).toBe(false);
    }
  });
});
