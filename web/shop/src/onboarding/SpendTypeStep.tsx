import { GST_PROFESSIONS, type Persona, PROFESSIONS, type Profession, type Profile } from '@elts/contracts';
import { useNavigate } from '@elts/router';
import { RadioCards, Select, TextInput } from '@elts/ui';
import { type FormEvent, useState } from 'react';
import { useSaveProfile } from '../profile/use-save-profile.js';
import { ONBOARDING_COPY } from './onboarding-copy.js';
import { NextButton } from './StepFrame.js';
import { STEP_SAVE_WORDS } from './save-step.js';

const PROFESSION_LABELS: Record<Profession, string> = {
  student: 'Student',
  professional: 'Professional',
  startup: 'Startup',
  business: 'Business',
  institution: 'Institution',
};
const PROFESSION_OPTIONS = PROFESSIONS.map((value) => ({ value, label: PROFESSION_LABELS[value] }));
const PERSONA_OPTIONS = [
  { value: 'Save', title: 'Save', description: ONBOARDING_COPY.save },
  { value: 'Splurge', title: 'Splurge', description: ONBOARDING_COPY.splurge },
] as const;

/**
 * Step 02 (/spendType): 'I am' (default student) and 'I want to' Save or Splurge. A startup, business or
 * institution also gives its GST number here, since the server requires one for them (docs/decisions/0111).
 */
export function SpendTypeStep({ profile }: { profile: Profile | undefined }) {
  const navigate = useNavigate();
  const { save, saving, toast, fieldErrors, clearFieldError } = useSaveProfile(STEP_SAVE_WORDS);
  const [profession, setProfession] = useState<Profession>(profile?.profession ?? 'student');
  const [persona, setPersona] = useState<Persona | undefined>(profile?.subscriptionType ?? undefined);
  const [gst, setGst] = useState(profile?.gst ?? '');
  const needsGst = GST_PROFESSIONS.includes(profession);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!persona) {
      toast({ message: ONBOARDING_COPY.personaRequired, tone: 'error' });
      return;
    }
    const body = needsGst ? { subscriptionType: persona, profession, gst: gst.trim() } : { profession, subscriptionType: persona };
    if (await save(body)) navigate('/myLists');
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <Select
        label="I am"
        options={PROFESSION_OPTIONS}
        value={profession}
        onChange={(event) => {
          setProfession(event.target.value as Profession);
          clearFieldError('profession');
        }}
        error={fieldErrors.profession}
      />
      {needsGst && (
        <TextInput
          label="GST Number"
          required
          maxLength={15}
          autoCapitalize="characters"
          value={gst}
          onChange={(event) => {
            setGst(event.target.value.toUpperCase());
            clearFieldError('gst');
          }}
          error={fieldErrors.gst}
        />
      )}
      <RadioCards
        legend="I want to"
        name="persona"
        options={PERSONA_OPTIONS}
        value={persona}
        onChange={(chosen) => {
          setPersona(chosen);
          clearFieldError('subscriptionType');
        }}
        error={fieldErrors.subscriptionType}
      />
      <NextButton busy={saving} />
    </form>
  );
}
