import { describe, expect, it } from 'vitest';
import { recommendations } from '../src/domain/timeout-rules.js';

const severities = (figures: Parameters<typeof recommendations>[0]) => recommendations(figures).map((r) => `${r.type}:${r.severity}`);

describe('timeout recommendations', () => {
  it('calls a timeout rate above 5% high and above 2% medium, at the edges too', () => {
    expect(severities({ total: 10_000, successful: 9_000, timedOut: 501, atRisk: 0 })).toEqual(['timeout_rate:high']);
    expect(severities({ total: 10_000, successful: 9_000, timedOut: 500, atRisk: 0 })).toEqual(['timeout_rate:medium']);
    expect(severities({ total: 10_000, successful: 9_000, timedOut: 201, atRisk: 0 })).toEqual(['timeout_rate:medium']);
    expect(severities({ total: 10_000, successful: 9_000, timedOut: 200, atRisk: 0 })).toEqual(['healthy:low']);
  });

  it('calls more than 10 payments at risk high', () => {
    expect(severities({ total: 100, successful: 100, timedOut: 0, atRisk: 11 })).toEqual(['at_risk:high']);
    expect(severities({ total: 100, successful: 100, timedOut: 0, atRisk: 10 })).toEqual(['healthy:low']);
  });

  it('calls a success rate under 80% medium once there are 20 payments to judge', () => {
    expect(severities({ total: 20, successful: 15, timedOut: 0, atRisk: 0 })).toEqual(['success_rate:medium']);
    expect(severities({ total: 20, successful: 16, timedOut: 0, atRisk: 0 })).toEqual(['healthy:low']);
    expect(severities({ total: 19, successful: 0, timedOut: 0, atRisk: 0 })).toEqual(['healthy:low']);
  });

  it('says what to do, with the rate in the message, and is healthy with no payments', () => {
    const [advice] = recommendations({ total: 200, successful: 150, timedOut: 20, atRisk: 0 });
    expect(advice?.message).toContain('Timeout rate is 10.00%');
    expect(recommendations({ total: 0, successful: 0, timedOut: 0, atRisk: 0 })).toEqual([
      { type: 'healthy', severity: 'low', message: 'Payments are healthy: no action needed.' },
    ]);
    expect(severities({ total: 100, successful: 50, timedOut: 30, atRisk: 12 })).toEqual([
      'timeout_rate:high',
      'at_risk:high',
      'success_rate:medium',
    ]);
  });
});
