import type { Profile } from '@elts/contracts';
import { DayInput, Select, TextInput } from '@elts/ui';
import { type FormEvent, useState } from 'react';
import { FormFooter } from './FormFooter.js';
import { BIRTHDAY_HINT, birthdayRange, GENDER_OPTIONS } from './personal-fields.js';
import { useSaveProfile } from './use-save-profile.js';

type Field = 'firstname' | 'lastname' | 'gender' | 'dob' | 'mobile' | 'email';
type Draft = Record<Field, string>;

const draftOf = (profile: Profile): Draft => ({
  firstname: profile.firstname ?? '',
  lastname: profile.lastname ?? '',
  gender: profile.gender ?? '',
  dob: profile.dob ?? '',
  mobile: profile.mobile ?? '',
  email: profile.email ?? '',
});

/**
 * The member's own details, editable after sign-up (issue 34): names, gender, birthday, mobile and email. Only what
 * changed is sent; the server's sentence for a refused field shows under it. A new email or mobile is not applied at
 * once: a link goes to it, and the card says so until it is opened (docs/decisions/0018, 0147).
 */
export function PersonalDetailsForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const { save, saving, fieldErrors, clearFieldError } = useSaveProfile();
  const change = (field: Field, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    clearFieldError(field);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const before = draftOf(profile);
    const changed = Object.fromEntries(
      (Object.keys(draft) as Field[]).filter((field) => draft[field].trim() !== before[field]).map((field) => [field, draft[field].trim()]),
    );
    if (Object.keys(changed).length === 0 || (await save(changed))) onDone();
  };
  const text = (field: Field, label: string, more: { type?: string; autoComplete: string; inputMode?: 'tel' | 'email' }) => (
    <TextInput
      label={label}
      name={field}
      {...more}
      value={draft[field]}
      onChange={(event) => change(field, event.target.value)}
      error={fieldErrors[field]}
    />
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Edit profile details" className="mt-4 grid gap-4 sm:grid-cols-2">
      {text('firstname', 'First Name', { autoComplete: 'given-name' })}
      {text('lastname', 'Last Name', { autoComplete: 'family-name' })}
      <Select
        label="Gender"
        name="gender"
        placeholder="Select gender"
        options={GENDER_OPTIONS}
        value={draft.gender}
        onChange={(event) => change('gender', event.target.value)}
        error={fieldErrors.gender}
      />
      <DayInput
        label="Birthday"
        hint={BIRTHDAY_HINT}
        range={birthdayRange()}
        autoComplete="bday"
        value={draft.dob}
        onChange={(dob) => change('dob', dob)}
        error={fieldErrors.dob}
      />
      {text('mobile', 'Mobile', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      {text('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      <p className="text-sm text-ink-600 sm:col-span-2">
        A new mobile number or email address changes once you open the link we send to it.
      </p>
      <FormFooter
        saving={saving}
        onCancel={() => {
          clearFieldError();
          onDone();
        }}
      />
    </form>
  );
}
