/**
 * The abuse limits of the public API (docs/decisions/0016). Each rule names the calls it covers and how many a
 * client (an address) and a member may make within a sliding window. The numbers leave room for a person who
 * mistypes and retries, and stop scripts: sign-in guessing, contact-form spam, giveaway hammering, order storms and
 * pincode scraping (the courier's API costs money).
 */
export interface RateLimitRule {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Whole path, or a prefix ending in '/'. */
  path: string;
  windowSeconds: number;
  perClient?: number;
  perMember?: number;
}

export const RATE_LIMIT_RULES: readonly RateLimitRule[] = [
  { name: 'sign-in', method: 'POST', path: '/user/login', windowSeconds: 300, perClient: 30 },
  // The development provider's token comes before each development sign-in: counted apart, or every such sign-in
  // (a token, then the login) would count twice against the sign-in limit.
  { name: 'dev-id-token', method: 'POST', path: '/dev/idp/id-token', windowSeconds: 300, perClient: 30 },
  { name: 'admin-sign-in', method: 'POST', path: '/admin/login', windowSeconds: 300, perClient: 10 },
  { name: 'contact', method: 'POST', path: '/user/contact', windowSeconds: 600, perClient: 5 },
  { name: 'giveaway', method: 'POST', path: '/user/giveaway', windowSeconds: 600, perClient: 20, perMember: 5 },
  { name: 'order', method: 'POST', path: '/product/order', windowSeconds: 60, perClient: 30, perMember: 10 },
  { name: 'pincode', method: 'GET', path: '/shipping/bluedart/pincode/', windowSeconds: 60, perClient: 60, perMember: 30 },
  { name: 'membership-start', method: 'POST', path: '/subscription/create-upi-mandate', windowSeconds: 600, perMember: 10 },
  { name: 'membership-start', method: 'POST', path: '/api/subscription/create', windowSeconds: 600, perMember: 10 },
];

export function ruleFor(rules: readonly RateLimitRule[], method: string, path: string): RateLimitRule | undefined {
  return rules.find((rule) => rule.method === method && (rule.path.endsWith('/') ? path.startsWith(rule.path) : path === rule.path));
}
