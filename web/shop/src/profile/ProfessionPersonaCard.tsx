import { PERSONAS, type Persona, PROFESSIONS, type Profession, type Profile } from '@elts/contracts';
import { Card, RadioCards, Select, TextInput } from '@elts/ui';
import { useState } from 'react';
import { EditSaveButtons } from './EditSaveButtons.js';
import { needsGst, PERSONA_CARDS, PROFESSION_LABELS } from './professions.js';
import { useSaveProfile } from './use-save-profile.js';

const PROFESSION_OPTIONS = PROFESSIONS.map((value) => ({ value, label: PROFESSION_LABELS[value] }));
const PERSONA_OPTIONS = PERSONAS.map((value) => ({ value, title: value, description: PERSONA_CARDS[value] }));

interface Draft {
  profession: Profession;
  subscriptionType: Persona | undefined;
  gst: string;
}

const draftOf = (profile: Profile): Draft => ({
  profession: profile.profession ?? 'student',
  subscriptionType: profile.subscriptionType ?? undefined,
  gst: profile.gst ?? '',
});

/**
 * The profession and persona part of the Subscription section: 'I AM' (with the GST Number only for an
 * institution, a startup or a business) and 'I WANT TO' Save or Splurge, all read-only until EDIT. SAVE CHANGES
 * sends `{subscriptionType, profession, gst}`; a profession without GST sends an empty GST Number so that one
 * given earlier for a business is not kept.
 */
export function ProfessionPersonaCard({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(() => draftOf(profile));
  const { save, saving, fieldErrors, clearFieldError } = useSaveProfile();
  const shown = editing ? draft : draftOf(profile);
  const gstAsked = needsGst(shown.profession);

  const startEditing = () => {
    setDraft(draftOf(profile));
    setEditing(true);
  };
  const saveChanges = async () => {
    const body = {
      subscriptionType: draft.subscriptionType,
      profession: draft.profession,
      gst: needsGst(draft.profession) ? draft.gst : '',
    };
    if (await save(body)) setEditing(false);
  };
  const cancel = () => {
    clearFieldError();
    setEditing(false);
  };
  // A refused field's sentence shows under it until the member changes that field.
  const change = (field: keyof Draft, value: Draft[keyof Draft]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    clearFieldError(field);
  };

  return (
    <Card as="section" aria-labelledby="profession-persona-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profession-persona-title" className="text-lg font-bold text-ink-950">
          About you
        </h2>
        <EditSaveButtons editing={editing} saving={saving} onEdit={startEditing} onSave={saveChanges} onCancel={cancel} />
      </div>
      <div className="mt-6 grid gap-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="I AM"
            name="profession"
            options={PROFESSION_OPTIONS}
            value={shown.profession}
            disabled={!editing}
            onChange={(event) => change('profession', event.target.value as Profession)}
            error={fieldErrors.profession}
          />
          {gstAsked && (
            <TextInput
              label="GST Number"
              name="gst"
              autoComplete="off"
              maxLength={15}
              value={shown.gst}
              readOnly={!editing}
              required={editing}
              onChange={(event) => change('gst', event.target.value.toUpperCase())}
              error={fieldErrors.gst}
            />
          )}
        </div>
        <RadioCards
          legend="I WANT TO"
          name="subscriptionType"
          options={PERSONA_OPTIONS}
          value={shown.subscriptionType}
          disabled={!editing}
          onChange={(subscriptionType) => change('subscriptionType', subscriptionType)}
          error={fieldErrors.subscriptionType}
        />
      </div>
    </Card>
  );
}
