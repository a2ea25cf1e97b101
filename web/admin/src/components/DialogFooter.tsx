import { Button } from '@elts/ui';

/**
 * The foot of a dialog that holds a form: why the last attempt failed (said inside the dialog, since a toast would
 * sit behind it), Cancel, and the button that submits the form.
 */
export function DialogFooter({
  failure,
  onCancel,
  form,
  busy,
  submit,
}: {
  failure: string | undefined;
  onCancel: () => void;
  /** The id of the form the submit button sends. */
  form: string;
  busy: boolean;
  submit: string;
}) {
  return (
    <>
      {failure && (
        <p role="alert" className="self-center text-sm font-medium text-red-700 sm:mr-auto">
          {failure}
        </p>
      )}
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={form} busy={busy}>
        {submit}
      </Button>
    </>
  );
}
