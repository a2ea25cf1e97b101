import { Button } from '@elts/ui';

/** The foot of a card's edit form: Cancel, which drops the draft and its messages, and SAVE CHANGES, which sends it. */
export function FormFooter({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap items-end justify-end gap-3 sm:col-span-2">
      <Button variant="ghost" disabled={saving} onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" busy={saving}>
        SAVE CHANGES
      </Button>
    </div>
  );
}
