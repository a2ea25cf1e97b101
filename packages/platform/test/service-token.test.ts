import { describe, expect, it } from 'vitest';
import { secretMatcher } from '../src/http/service-token.js';

describe('secretMatcher', () => {
  const token = 'a'.repeat(20) + 'b'.repeat(20);
  const matches = secretMatcher(token);

  it('accepts the secret itself', () => {
    expect(matches(token)).toBe(true);
  });

  it('refuses one differing byte, a prefix, a longer text and nothing', () => {
    expect(matches(`${token.slice(0, -1)}c`)).toBe(false);
    expect(matches(token.slice(0, -1))).toBe(false);
    expect(matches(`${token}b`)).toBe(false);
    expect(matches('')).toBe(false);
  });

  it('compares bytes, not characters: a text of the same length in other characters is refused', () => {
    expect(matches(`${token.slice(0, -2)}é`)).toBe(false);
  });
});
