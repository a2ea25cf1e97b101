import { Button } from '@elts/ui';

/**
 * The foot of a dialog: why the last attempt failed (said inside the dialog, since a toast would sit behind it), the
 * button that leaves everything as it was, and the one that acts. The acting button names what it does ('Cancel
 * order and refund', not 'OK'), and is red when what it does moves money or stock or hides something; the other
 * button then says what it keeps ('Keep the order') rather than a bare 'Cancel' beside a 'Cancel order'.
 */
export function DialogFooter({
  failure,
  onCancel,
  cancel = 'Cancel',
  form,
  onConfirm,
  busy = false,
  submit,
  tone = 'primary',
}: {
  failure?: string | undefined;
  onCancel: () => void;
  cancel?: string;
  /** The id of the form the acting button submits; without it, the button calls `onConfirm`. */
  form?: string;
  onConfirm?: () => void;
  busy?: boolean;
  submit: string;
  tone?: 'primary' | 'danger';
}) {
  return (
    <>
      {failure && (
        <p role="alert" className="self-center text-sm font-medium text-red-700 sm:mr-auto">
          {failure}
        </p>
      )}
      <Button variant="secondary" onClick={onCancel}>
        {cancel}
      </Button>
      <Button type={form ? 'submit' : 'button'} form={form} onClick={form ? undefined : onConfirm} busy={busy} variant={tone}>
        {submit}
      </Button>
    </>
  );
}
