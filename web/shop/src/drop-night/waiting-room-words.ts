import { indianWallClock } from '@elts/contracts';
import { formatCount, formatDate } from '@elts/ui';
import type { WaitingRoom } from '../api/waiting-room.js';

/** 'hh:mm:ss' India time: a turn is a second's business. */
export const indianClock = (iso: string) => indianWallClock(new Date(iso)).slice(11, 19);

/** '4 min 05 s', '12 s': how long until an instant, from the server's now. */
export function timeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${String(seconds % 60).padStart(2, '0')} s` : `${seconds} s`;
}

/**
 * Whether the panel shows at `serverNow`: from the room's opening until the member may buy, and "Sold out" once
 * nothing is left (no one waits for stock that is gone).
 */
export const showsRoom = (room: WaitingRoom, serverNow: number) =>
  serverNow >= Date.parse(room.room_opens_at) && (!room.admitted || room.sold_out);

/** What the room says to the member at `serverNow`, in short sentences; `join` when they may still join. */
export function roomWords(room: WaitingRoom, serverNow: number): { lines: string[]; join: boolean } {
  const opens = `${indianClock(room.opens_at)} on ${formatDate(room.opens_at)}`;
  const left = `${formatCount(room.units_left)} ${room.units_left === 1 ? 'unit' : 'units'} left in this drop.`;
  if (room.state !== 'drawn') {
    const until = `The drop opens at ${opens}, India time, in ${timeLeft(Date.parse(room.opens_at) - serverNow)}.`;
    if (!room.joined) return { lines: [until, 'Join now to get a place in a fair draw at the opening.', left], join: true };
    return { lines: ['You are in. Your place is drawn when the drop opens.', until, left], join: false };
  }
  const turn = room.admitted_at ? `${indianClock(room.admitted_at)}, in ${timeLeft(Date.parse(room.admitted_at) - serverNow)}` : '';
  if (room.position === null)
    return { lines: [`Members who were in the waiting room go first. You can buy from ${turn}.`, left], join: false };
  return {
    lines: [
      `You are number ${formatCount(room.position)} of ${formatCount(room.entrants ?? 0)}.`,
      `Your turn to buy comes at ${turn}.`,
      left,
    ],
    join: false,
  };
}
