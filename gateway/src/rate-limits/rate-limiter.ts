import { countOf } from '@elts/contracts';
import { type AppEnv, failureBody, type Principal } from '@elts/platform';
import type { Context } from 'hono';
import { RATE_LIMIT_RULES, type RateLimitRule, ruleFor } from './rules.js';
import { SlidingWindowCounter } from './sliding-window.js';

/**
 * The gateway's admission check: a call covered by a rule counts against its client address and, when signed in,
 * against the member; over either limit it is answered 429 in the envelope with Retry-After, and never forwarded.
 * Counts live in this gateway process (docs/decisions/0016 says why that is enough, and what two gateways mean).
 */
export function createRateLimiter(options: { rules?: readonly RateLimitRule[]; now?: () => number } = {}) {
  const rules = options.rules ?? RATE_LIMIT_RULES;
  const counter = new SlidingWindowCounter(options.now);
  return (c: Context<AppEnv>, caller: { principal: Principal; client: string }): Response | undefined => {
    const rule = ruleFor(rules, c.req.method, c.req.path);
    if (!rule) return undefined;
    const waits = [
      rule.perClient ? counter.hit(`${rule.name}:client:${caller.client}`, rule.perClient, rule.windowSeconds) : 0,
      rule.perMember && caller.principal.member
        ? counter.hit(`${rule.name}:member:${caller.principal.member.id}`, rule.perMember, rule.windowSeconds)
        : 0,
    ];
    const retryAfter = Math.max(...waits);
    if (retryAfter === 0) return undefined;
    const message = `Too many requests. Please try again in ${countOf(retryAfter, 'second')}.`;
    return c.json(failureBody('rate_limited', message, c.get('requestId')), 429, { 'retry-after': String(retryAfter) });
  };
}
