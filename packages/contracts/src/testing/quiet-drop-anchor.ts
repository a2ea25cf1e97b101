import { addDays, indianDayOf, weekdayOf } from '../india-time.js';

/**
 * DROP_ANCHOR_DATE for a rig whose calendar drops are days away whatever the day it runs: the Friday four to ten
 * days on. No calendar drop's waiting room (open minutes before its opening) or sale is then under way, and a drop
 * the rig schedules itself is the one opening next.
 */
export function quietDropAnchor(now = new Date()): string {
  const from = addDays(indianDayOf(now), 4);
  return addDays(from, (5 - weekdayOf(from) + 7) % 7);
}
