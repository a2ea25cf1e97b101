import { GENDERS, type Profile } from '@elts/contracts';
import { useNavigate } from '@elts/router';
import { Select, TextInput } from '@elts/ui';
import { type FormEvent, useState } from 'react';
import { ONBOARDING_COPY } from './onboarding-copy.js';
import { type PersonalDetails, personalDetailsComplete, personalDetailsFrom } from './personal-details.js';
import { NextButton } from './StepFrame.js';
import { useSaveStep } from './save-step.js';

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { male: 'Male', female: 'Female', others: 'Others' };
const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));

/** Step 01 (/personalDetails): gender, birthday, names, phone and email, filled in from the profile. */
export function PersonalDetailsStep({ profile }: { profile: Profile | undefined }) {
  const navigate = useNavigate();
  const { save, saving, toast } = useSaveStep();
  const [details, setDetails] = useState<PersonalDetails>(() => personalDetailsFrom(profile));
  const set = (field: keyof PersonalDetails) => (event: { target: { value: string } }) =>
    setDetails((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!personalDetailsComplete(details)) {
      toast({ message: ONBOARDING_COPY.allFieldsRequired, tone: 'error' });
      return;
    }
    const trimmed = Object.fromEntries(Object.entries(details).map(([key, value]) => [key, value.trim()]));
    if (await save(trimmed)) navigate('/spendType');
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
      />
      <TextInput label="Birthday" type="date" required value={details.dob} onChange={set('dob')} />
      <TextInput label="First Name" required autoComplete="given-name" value={details.firstname} onChange={set('firstname')} />
      <TextInput label="Last Name" required autoComplete="family-name" value={details.lastname} onChange={set('lastname')} />
      <TextInput label="Phone" type="tel" required autoComplete="tel" value={details.mobile} onChange={set('mobile')} />
      <TextInput label="Email" type="email" required autoComplete="email" value={details.email} onChange={set('email')} />
      <NextButton busy={saving} className="sm:col-span-2" />
    </form>
  );
}
