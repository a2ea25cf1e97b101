import type { Profile } from '@elts/contracts';
import { useNavigate } from '@elts/router';
import { DayInput, Select, TextInput } from '@elts/ui';
import { type FormEvent, useState } from 'react';
import { BIRTHDAY_HINT, birthdayRange, GENDER_OPTIONS } from '../profile/personal-fields.js';
import { useSaveProfile } from '../profile/use-save-profile.js';
import { ONBOARDING_COPY } from './onboarding-copy.js';
import { emailChangeNotice, type PersonalDetails, personalDetailsComplete, personalDetailsFrom } from './personal-details.js';
import { NextButton } from './StepFrame.js';
import { STEP_SAVE_WORDS } from './save-step.js';

/** Step 01 (/personalDetails): gender, birthday, names, phone and email, filled in from the profile. */
export function PersonalDetailsStep({ profile }: { profile: Profile | undefined }) {
  const navigate = useNavigate();
  const { save, saving, toast, fieldErrors, clearFieldError } = useSaveProfile(STEP_SAVE_WORDS);
  const [details, setDetails] = useState<PersonalDetails>(() => personalDetailsFrom(profile));
  // A field's refusal stays under it until the member changes that field (the body's field names are the form's).
  const set = (field: keyof PersonalDetails) => (event: { target: { value: string } }) => {
    setDetails((current) => ({ ...current, [field]: event.target.value }));
    clearFieldError(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!personalDetailsComplete(details)) {
      toast({ message: ONBOARDING_COPY.allFieldsRequired, tone: 'error' });
      return;
    }
    const trimmed = Object.fromEntries(Object.entries(details).map(([key, value]) => [key, value.trim()]));
    const saved = await save(trimmed);
    if (!saved) return;
    // The other fields are saved; the new email waits for its link, which the member hears about on the next step.
    const notice = emailChangeNotice(details.email, saved.profile);
    if (notice) toast({ message: notice, tone: 'success', forNextPage: true });
    navigate('/spendType');
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5 sm:grid-cols-2">
      <Select
        label="Gender"
        required
        placeholder="Select gender"
        options={GENDER_OPTIONS}
        value={details.gender}
        onChange={set('gender')}
        error={fieldErrors.gender}
      />
      <DayInput
        label="Birthday"
        required
        hint={BIRTHDAY_HINT}
        range={birthdayRange()}
        autoComplete="bday"
        value={details.dob}
        onChange={(dob) => set('dob')({ target: { value: dob } })}
        error={fieldErrors.dob}
      />
      <TextInput
        label="First Name"
        required
        autoComplete="given-name"
        value={details.firstname}
        onChange={set('firstname')}
        error={fieldErrors.firstname}
      />
      <TextInput
        label="Last Name"
        required
        autoComplete="family-name"
        value={details.lastname}
        onChange={set('lastname')}
        error={fieldErrors.lastname}
      />
      <TextInput
        label="Phone"
        type="tel"
        required
        autoComplete="tel"
        value={details.mobile}
        onChange={set('mobile')}
        error={fieldErrors.mobile}
      />
      <TextInput
        label="Email"
        type="email"
        required
        autoComplete="email"
        value={details.email}
        onChange={set('email')}
        error={fieldErrors.email}
      />
      <NextButton busy={saving} className="sm:col-span-2" />
    </form>
  );
}
