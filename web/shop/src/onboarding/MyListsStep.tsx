import { LIST_ITEM_MAX_LENGTH, ONBOARDING_NEED_LIST_MINIMUM, type Profile } from '@elts/contracts';
import { useNavigate } from '@elts/router';
import { controlClasses } from '@elts/ui';
import { type FormEvent, useState } from 'react';
import { filledItems, needListLongEnough, slotsFrom } from './lists.js';
import { ONBOARDING_COPY } from './onboarding-copy.js';
import { NextButton } from './StepFrame.js';
import { useSaveStep } from './save-step.js';

/** Step 03 (/myLists): five Need list slots (the first three required) and five Greed list slots. */
export function MyListsStep({ profile }: { profile: Profile | undefined }) {
  const navigate = useNavigate();
  const { save, saving, toast } = useSaveStep();
  const [need, setNeed] = useState(() => slotsFrom(profile?.needList));
  const [greed, setGreed] = useState(() => slotsFrom(profile?.greedList));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!needListLongEnough(need)) {
      toast({ message: ONBOARDING_COPY.needListMinimum, tone: 'error' });
      return;
    }
    if (await save({ needList: filledItems(need), greedList: filledItems(greed) })) navigate('/shippingInfo');
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-8">
      <div className="grid gap-8 md:grid-cols-2">
        <ListSlots title="Need List" slots={need} onChange={setNeed} required={ONBOARDING_NEED_LIST_MINIMUM} />
        <ListSlots title="Greed List" slots={greed} onChange={setGreed} required={0} />
      </div>
      <NextButton busy={saving} />
    </form>
  );
}

function ListSlots({
  title,
  slots,
  onChange,
  required,
}: {
  title: string;
  slots: string[];
  onChange: (slots: string[]) => void;
  required: number;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-3 text-lg font-bold text-ink-950">{title}</legend>
      <ol className="flex flex-col gap-3">
        {slots.map((value, index) => {
          const isRequired = index < required;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the five slots are fixed places, not items that move.
            <li key={index} className="flex items-center gap-3">
              <span aria-hidden="true" className="w-8 shrink-0 text-sm font-bold text-ink-700">
                {index + 1}
                {isRequired && <span className="text-red-700">*</span>}
              </span>
              <input
                aria-label={`${title} item ${index + 1}`}
                className={controlClasses(false, 'h-11')}
                maxLength={LIST_ITEM_MAX_LENGTH}
                required={isRequired}
                value={value}
                onChange={(event) => onChange(slots.map((slot, at) => (at === index ? event.target.value : slot)))}
              />
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
