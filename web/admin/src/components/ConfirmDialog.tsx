import { Modal } from '@elts/ui';
import type { ReactNode } from 'react';
import { DialogFooter } from './DialogFooter.js';

/**
 * Asks once before an action that moves money or stock, hides something from members or cannot be taken back
 * (stopping the scheduled checks, giving a step up, a draw, disabling a product): what it does, a button that
 * changes nothing, and the button that does it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirm,
  cancel,
  tone = 'danger',
  busy,
  failure,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The confirming button's words: the action itself ('Give Up'), not 'OK'. */
  confirm: string;
  /** The other button's words when 'Cancel' would be unclear beside the action ('Keep the order'). */
  cancel?: string;
  tone?: 'danger' | 'primary';
  busy?: boolean;
  /** Why the last attempt failed, when the dialog stays open to say so. */
  failure?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      footer={
        <DialogFooter
          failure={failure}
          onCancel={onCancel}
          cancel={cancel}
          onConfirm={onConfirm}
          busy={busy}
          submit={confirm}
          tone={tone}
        />
      }
    >
      {children}
    </Modal>
  );
}
