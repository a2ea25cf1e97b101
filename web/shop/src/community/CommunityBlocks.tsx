/** The wall banner, the 50K notice and the giveaway block of the account page (issue 6). Placeholder until that screens land. */
export function CommunityBlocks() {
  return null;
}
