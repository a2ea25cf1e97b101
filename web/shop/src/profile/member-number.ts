/** A member number as the wall and the profile card show it: `#00042`, five digits for the first 10,000 and up. */
export const formatMemberNumber = (memberNumber: number): string => `#${String(memberNumber).padStart(5, '0')}`;
