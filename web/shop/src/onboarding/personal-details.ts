import { COPY, type Gender, type Profile } from '@elts/contracts';

export interface PersonalDetails {
  gender: Gender | '';
  dob: string;
  firstname: string;
  lastname: string;
  mobile: string;
  email: string;
}

/**
 * Step 01 starts from the profile (spec section 2): the first name is the first word of the stored first name, and
 * when there is no last name, the second word stands in for it.
 */
export function personalDetailsFrom(profile: Partial<Profile> | undefined): PersonalDetails {
  const words = (profile?.firstname ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    gender: profile?.gender ?? '',
    dob: profile?.dob ?? '',
    firstname: words[0] ?? '',
    lastname: profile?.lastname?.trim() || (words[1] ?? ''),
    mobile: profile?.mobile ?? '',
    email: profile?.email ?? '',
  };
}

/** All six fields are required, and nothing else is checked on the screen (spec section 5). */
export const personalDetailsComplete = (details: PersonalDetails) => Object.values(details).every((value) => value.trim() !== '');

/**
 * What step 01 tells a member who typed a new email: the server keeps the old one until a link mailed to the new one
 * is opened (docs/decisions/0018), so saying nothing would look as though the change was lost. Read from the saved
 * profile rather than the form, so an unchanged address, however it was typed, says nothing.
 */
export function emailChangeNotice(sentEmail: string, saved: Pick<Profile, 'email' | 'pendingEmail'> | undefined): string | undefined {
  const sent = sentEmail.trim().toLowerCase();
  if (!saved?.pendingEmail || saved.pendingEmail !== sent || saved.email === sent) return undefined;
  return COPY.emailChange.linkSent(saved.pendingEmail);
}
