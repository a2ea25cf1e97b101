import { describe, expect, it } from 'vitest';
import { statusTone } from '../src/status/status-tone.js';

describe('statusTone', () => {
  it.each([
    ['success', 'green'],
    ['completed', 'green'],
    ['active', 'green'],
    ['pending', 'amber'],
    ['processing', 'amber'],
    ['failed', 'red'],
    ['cancelled', 'red'],
    ['declined', 'red'],
    ['expired', 'orange'],
    // An exchange's states (docs/decisions/0025).
    ['requested', 'amber'],
    ['approved', 'amber'],
    ['refused', 'red'],
    ['delivered', 'green'],
    ['replacement_shipped', 'grey'],
    ['refunded', 'grey'],
  ] as const)('%s is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it('ignores case and spaces, as servers send ACTIVE or " pending"', () => {
    expect(statusTone('ACTIVE')).toBe('green');
    expect(statusTone(' Pending ')).toBe('amber');
  });

  it('shows anything else in grey', () => {
    for (const status of ['revoked', 'timeout', '', null, undefined]) expect(statusTone(status)).toBe('grey');
  });
});
