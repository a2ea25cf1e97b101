import { randomInt } from 'node:crypto';

// No 0/O or 1/I: ids get read aloud to support and typed from screenshots.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function code(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Short, URL-safe product ids such as PRD-7KQ2MX (about a billion of them; a clash is retried). */
export const newProductId = () => `PRD-${code(6)}`;

/** An admin's own deal drop (calendar drops are DROP-<friday>). */
export const newDropId = () => `DRP-${code(6)}`;
