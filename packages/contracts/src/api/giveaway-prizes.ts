/**
 * The giveaway's prizes as plain values, apart from their schemas (giveaway-prizes-schema.ts), so the member's
 * giveaway block and the public Merch page use them without loading zod: the types below only name the schemas.
 */
import type { z } from 'zod';
import type { giveawayPrizeSchema, giveawayResultsSchema, prizeInputSchema } from './giveaway-prizes-schema.js';

/** Twelve products, one winner each (spec section 9). */
export const GIVEAWAY_PRIZE_COUNT = 12;
export const PRIZE_NAME_MAX_LENGTH = 80;
export const PRIZE_DESCRIPTION_MAX_LENGTH = 300;
export const PRIZE_IMAGE_URL_MAX_LENGTH = 1000;

/** A prize as an operator sets it: a catalogue product by id, or a free description with an https image. */
export type GiveawayPrizeInput = z.output<typeof prizeInputSchema>;

/** A prize as it is kept and shown; a product prize carries the product's name and first image as they were when it was set. */
export type GiveawayPrize = z.output<typeof giveawayPrizeSchema>;

/** `GET /user/giveaway/results`: the prizes, and after the draw each prize's winner by their public name. */
export type GiveawayResults = z.output<typeof giveawayResultsSchema>;

/** Results before any prize is set (and what a screen shows until they arrive). */
export const NO_GIVEAWAY_RESULTS: GiveawayResults = { prizes: [], drawn_at: null, winners: [] };

export const PRIZE_SLOTS_MESSAGE = `Set exactly ${GIVEAWAY_PRIZE_COUNT} prizes, one for each slot from 1 to ${GIVEAWAY_PRIZE_COUNT}.`;

/** An absolute https:// address with a host (the product's pages load images only from itself or over https). */
export function isHttpsUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export interface PrizeProblem {
  field: 'productId' | 'name' | 'description' | 'imageUrl';
  message: string;
}

/**
 * What is wrong with one prize, as a sentence naming its slot and the field it concerns, or undefined. The back
 * office's form shows the same sentence on that field that the server would refuse the save with.
 */
export function prizeProblem(prize: GiveawayPrizeInput): PrizeProblem | undefined {
  const label = `Prize ${prize.slot}`;
  if (prize.kind === 'product')
    return prize.productId?.trim() ? undefined : { field: 'productId', message: `${label}: choose a product from the catalogue.` };
  const name = prize.name?.trim() ?? '';
  if (!name) return { field: 'name', message: `${label}: give it a name.` };
  if (name.length > PRIZE_NAME_MAX_LENGTH)
    return { field: 'name', message: `${label}: the name can be at most ${PRIZE_NAME_MAX_LENGTH} characters.` };
  if ((prize.description?.trim() ?? '').length > PRIZE_DESCRIPTION_MAX_LENGTH)
    return { field: 'description', message: `${label}: the description can be at most ${PRIZE_DESCRIPTION_MAX_LENGTH} characters.` };
  const imageUrl = prize.imageUrl?.trim() ?? '';
  if (!imageUrl) return { field: 'imageUrl', message: `${label}: add the address of its image.` };
  if (imageUrl.length > PRIZE_IMAGE_URL_MAX_LENGTH || !isHttpsUrl(imageUrl))
    return { field: 'imageUrl', message: `${label}: the image must be a web address starting with https://.` };
  return undefined;
}
