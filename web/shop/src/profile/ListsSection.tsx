import type { Profile } from '@elts/contracts';
import { Link } from '@elts/router';
import { Card, cx, useToast } from '@elts/ui';
import { useState } from 'react';
import { sectionHref } from '../screens/profile-sections.js';
import { EditSaveButtons } from './EditSaveButtons.js';
import { ListSlotInputs } from './ListSlotInputs.js';
import { firstCommaSlot, LIST_ITEM_COMMA_MESSAGE, listFromSlots, listSlots } from './list-slots.js';
import { useSaveProfile } from './use-save-profile.js';

type ListName = 'needList' | 'greedList';

const slotId = (list: ListName, index: number) => `${list}-slot-${index + 1}`;

const LISTS: ReadonlyArray<{ name: ListName; title: string; hint: string; note?: string }> = [
  { name: 'needList', title: 'Need List', hint: 'Things you will buy soon', note: 'At least 3*' },
  { name: 'greedList', title: 'Greed List', hint: 'Things you are saving up for' },
];

/**
 * The Lists section: the Need and Greed lists on five slots each, read-only until EDIT; SAVE CHANGES sends both
 * (`{needList, greedList}`) and the slots then show what the server kept (trimmed, duplicates dropped). A slot with
 * a comma says so under it and holds the save back, since the item would come back as two (docs/decisions/0116).
 */
export function ListsSection({ profile }: { profile: Profile }) {
  const saved = { needList: listSlots(profile.needList), greedList: listSlots(profile.greedList) };
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(saved);
  const { save, saving, fieldErrors, clearFieldError } = useSaveProfile();
  const toast = useToast();
  const shown = editing ? draft : saved;

  const startEditing = () => {
    setDraft(saved);
    setEditing(true);
  };
  const cancel = () => {
    clearFieldError();
    setEditing(false);
  };
  const saveChanges = async () => {
    const comma = firstCommaSlot([draft.needList, draft.greedList]);
    if (comma) {
      toast({ message: LIST_ITEM_COMMA_MESSAGE, tone: 'error' });
      document.getElementById(slotId(LISTS[comma[0]]?.name ?? 'needList', comma[1]))?.focus();
      return;
    }
    if (await save({ needList: listFromSlots(draft.needList), greedList: listFromSlots(draft.greedList) })) setEditing(false);
  };
  const setSlot = (list: ListName, index: number, value: string) => {
    setDraft((current) => ({ ...current, [list]: current[list].map((slot, i) => (i === index ? value : slot)) }));
    clearFieldError(list);
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-6 md:grid-cols-2">
        {LISTS.map((list) => (
          <Card as="section" key={list.name} aria-labelledby={`${list.name}-title`}>
            <div className="flex items-baseline justify-between gap-3">
              <h2 id={`${list.name}-title`} className="text-lg font-bold text-ink-950">
                {list.title}
              </h2>
              {list.note && <span className="text-sm font-semibold text-ink-600">{list.note}</span>}
            </div>
            <p className="mt-1 text-sm text-ink-600">{list.hint}</p>
            <ListSlotInputs
              title={list.title}
              slots={shown[list.name]}
              slotId={(index) => slotId(list.name, index)}
              onSlotChange={(index, value) => setSlot(list.name, index, value)}
              className="mt-4 grid gap-3"
              markerClassName="mt-1.5 grid size-8 shrink-0 place-items-center rounded-full bg-brand-50 text-sm font-bold text-brand-800"
              inputClassName={(invalid) =>
                cx(
                  'h-11 w-full rounded-xl border bg-white px-4 text-ink-900 read-only:border-ink-100 read-only:bg-ink-50',
                  invalid ? 'border-red-600' : 'border-ink-300',
                )
              }
              readOnly={!editing}
            />
            {fieldErrors[list.name] && <p className="mt-3 text-sm font-medium text-red-700">{fieldErrors[list.name]}</p>}
          </Card>
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Link to={sectionHref('brands')} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          See the brands we curate
        </Link>
        <EditSaveButtons editing={editing} saving={saving} onEdit={startEditing} onSave={saveChanges} onCancel={cancel} />
      </div>
    </div>
  );
}
