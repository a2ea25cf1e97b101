/**
 * Why a product is shown or sent to a member, in one sentence the board and the alerts share (docs/decisions/0099).
 * A plain value, apart from the schemas, so the shop's pages load no schema library for it.
 */
export function listMatchReason(list: 'need' | 'greed', item: string): string {
  return `Matches your ${list === 'need' ? 'Need' : 'Greed'} list: '${item}'`;
}
