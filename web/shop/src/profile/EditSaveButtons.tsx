import { Button } from '@elts/ui';

export interface EditSaveButtonsProps {
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
}

/** EDIT turns a card's fields on; SAVE CHANGES sends them (Cancel drops the draft: our addition). */
export function EditSaveButtons({ editing, saving, onEdit, onSave, onCancel }: EditSaveButtonsProps) {
  if (!editing) {
    return (
      <Button variant="secondary" onClick={onEdit}>
        EDIT
      </Button>
    );
  }
  return (
    <div className="flex gap-3">
      <Button variant="ghost" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button onClick={onSave} busy={saving}>
        SAVE CHANGES
      </Button>
    </div>
  );
}
