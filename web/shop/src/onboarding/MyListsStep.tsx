import { ONBOARDING_NEED_LIST_MINIMUM, type Profile } from '@elts/contracts';
import { useNavigate } from '@elts/router';
import { controlClasses } from '@elts/ui';
import { type FormEvent, useId, useState } from 'react';
import { ListSlotInputs } from '../profile/ListSlotInputs.js';
import { firstCommaSlot, LIST_ITEM_COMMA_MESSAGE, listFromSlots, listSlots, needListLongEnough } from '../profile/list-slots.js';
import { useSaveProfile } from '../profile/use-save-profile.js';
import { ONBOARDING_COPY } from './onboarding-copy.js';
import { NextButton } from './StepFrame.js';
import { STEP_SAVE_WORDS } from './save-step.js';

const LIST_TITLES = ['Need List', 'Greed List'] as const;

/** Step 03 (/myLists): five Need list slots (the first three required) and five Greed list slots. */
export function MyListsStep({ profile }: { profile: Profile | undefined }) {
  const navigate = useNavigate();
  const { save, saving, toast, fieldErrors, clearFieldError } = useSaveProfile(STEP_SAVE_WORDS);
  const [need, setNeed] = useState(() => listSlots(profile?.needList));
  const [greed, setGreed] = useState(() => listSlots(profile?.greedList));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A comma would split the item in two on its way back (docs/decisions/0116): said at the slot, and not sent.
    const comma = firstCommaSlot([need, greed]);
    if (comma) {
      toast({ message: LIST_ITEM_COMMA_MESSAGE, tone: 'error' });
      document.getElementById(slotId(LIST_TITLES[comma[0]] ?? '', comma[1]))?.focus();
      return;
    }
    if (!needListLongEnough(need)) {
      toast({ message: ONBOARDING_COPY.needListMinimum, tone: 'error' });
      return;
    }
    if (await save({ needList: listFromSlots(need), greedList: listFromSlots(greed) })) navigate('/shippingInfo');
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-8">
      <div className="grid gap-8 md:grid-cols-2">
        <ListSlots
          title={LIST_TITLES[0]}
          slots={need}
          onChange={(slots) => {
            setNeed(slots);
            clearFieldError('needList');
          }}
          required={ONBOARDING_NEED_LIST_MINIMUM}
          error={fieldErrors.needList}
        />
        <ListSlots
          title={LIST_TITLES[1]}
          slots={greed}
          onChange={(slots) => {
            setGreed(slots);
            clearFieldError('greedList');
          }}
          required={0}
          error={fieldErrors.greedList}
        />
      </div>
      <NextButton busy={saving} />
    </form>
  );
}

const slotId = (title: string, index: number) => `${title.replace(/\W+/g, '-').toLowerCase()}-${index + 1}`;

function ListSlots({
  title,
  slots,
  onChange,
  required,
  error,
}: {
  title: string;
  slots: string[];
  onChange: (slots: string[]) => void;
  required: number;
  /** The server's sentence about this list as a whole, when it refused it. */
  error: string | undefined;
}) {
  const errorId = useId();
  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-3 text-lg font-bold text-ink-950">{title}</legend>
      <ListSlotInputs
        title={title}
        slots={slots}
        slotId={(index) => slotId(title, index)}
        onSlotChange={(index, value) => onChange(slots.map((slot, at) => (at === index ? value : slot)))}
        className="flex flex-col gap-3"
        markerClassName="mt-3 w-8 shrink-0 text-sm font-bold text-ink-700"
        inputClassName={(invalid) => controlClasses(invalid, 'h-11')}
        required={required}
      />
      {error && (
        <p id={errorId} className="mt-3 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
