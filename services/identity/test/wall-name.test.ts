import { describe, expect, it } from 'vitest';
import { wallName } from '../src/domain/member.js';

describe('a member’s name on the public wall and the winners list', () => {
  it('is the first name and the last name’s initial', () => {
    expect(wallName(' Priya ', 'kumar', 7)).toBe('Priya K.');
  });

  it('is the first name alone when there is no last name', () => {
    expect(wallName('Priya', ' ', 7)).toBe('Priya');
  });

  it('is the initial alone, with no leading space, when there is no first name', () => {
    expect(wallName('', 'Kumar', 7)).toBe('K.');
  });

  it('is the member number when there is no name at all', () => {
    expect(wallName(' ', '', 1042)).toBe('Member #1042');
  });
});
