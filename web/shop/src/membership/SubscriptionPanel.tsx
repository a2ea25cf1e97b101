/** The membership part of the Subscription section (issue 5). Placeholder until that screens land. */
export function SubscriptionPanel() {
  return null;
}
