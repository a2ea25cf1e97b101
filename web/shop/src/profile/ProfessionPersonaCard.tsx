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
  const { save, saving } = useSaveProfile();
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

  return (
    <Card as="section" aria-labelledby="profession-persona-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profession-persona-title" className="text-lg font-bold text-ink-950">
          About you
        </h2>
        <EditSaveButtons editing={editing} saving={saving} onEdit={startEditing} onSave={saveChanges} onCancel={() => setEditing(false)} />
      </div>
      <div className="mt-6 grid gap-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="I AM"
            name="profession"
            options={PROFESSION_OPTIONS}
            value={shown.profession}
            disabled={!editing}
            onChange={(event) => setDraft((current) => ({ ...current, profession: event.target.value as Profession }))}
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
              onChange={(event) => setDraft((current) => ({ ...current, gst: event.target.value.toUpperCase() }))}
            />
          )}
        </div>
        <RadioCards
          legend="I WANT TO"
          name="subscriptionType"
          options={PERSONA_OPTIONS}
          value={shown.subscriptionType}
          disabled={!editing}
          onChange={(subscriptionType) => setDraft((current) => ({ ...current, subscriptionType }))}
        />
      </div>
    </Card>
  );
}
