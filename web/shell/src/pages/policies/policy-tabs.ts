/** The tabs of /privacy; the URL hash names the open one (`/privacy#faqs`). */
export const POLICY_TABS = [
  { key: 'privacy', label: 'Privacy' },
  { key: 'terms', label: 'Terms' },
  { key: 'exchange', label: 'Exchange' },
  { key: 'shipping', label: 'Shipping' },
  { key: 'faqs', label: 'FAQs' },
  { key: 'contact', label: 'Contact' },
] as const;

export type PolicyTab = (typeof POLICY_TABS)[number]['key'];

/** The tab a hash selects; the privacy policy when the hash names none. */
export function policyTabFromHash(hash: string): PolicyTab {
  const key = decodeURIComponent(hash.replace(/^#/, '')).trim().toLowerCase();
  return POLICY_TABS.find((tab) => tab.key === key)?.key ?? 'privacy';
}
