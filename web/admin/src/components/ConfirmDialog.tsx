import { Button, Modal } from '@elts/ui';
import type { ReactNode } from 'react';

/**
 * Asks before an action that cannot be taken back (stopping the scheduled checks, giving a step up, a draw): what it
 * does, Cancel, which changes nothing, and the button that does it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirm,
  tone = 'danger',
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The confirming button's words: the action itself ('Give Up'), not 'OK'. */
  confirm: string;
  tone?: 'danger' | 'primary';
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
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant={tone} onClick={onConfirm}>
            {confirm}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
