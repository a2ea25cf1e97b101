import { Button, Modal, useToast } from '@elts/ui';
import { useEffect, useRef, useState } from 'react';
import { useRefreshProfile } from '../api/profile.js';
import { revokeMandate, useReloadSubscription } from '../api/subscription.js';
import { MEMBERSHIP_COPY } from './copy.js';
import { failureMessage } from './failure-message.js';

/** The subscription is loaded again this long after a revocation (spec section 9). */
export const RELOAD_AFTER_REVOKE_MS = 1000;

/**
 * Revoking the UPI AutoPay mandate cancels the subscription at once and cannot be undone, so it is confirmed first,
 * saying what the member gives up (`givesUp`: the paid days left and the membership credit, decision 0097).
 */
export function RevokeMandateModal({
  mandateId,
  givesUp,
  open,
  onClose,
}: {
  mandateId: string | undefined;
  givesUp?: string | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const reloadSubscription = useReloadSubscription();
  const refreshProfile = useRefreshProfile();
  const [revoking, setRevoking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const revoke = async () => {
    if (!mandateId) {
      toast({ message: MEMBERSHIP_COPY.toasts.noMandate, tone: 'error' });
      return;
    }
    setRevoking(true);
    try {
      await revokeMandate(mandateId);
      toast({ message: MEMBERSHIP_COPY.toasts.revoked, tone: 'success' });
      onClose();
      timer.current = setTimeout(() => {
        void reloadSubscription();
        void refreshProfile();
      }, RELOAD_AFTER_REVOKE_MS);
    } catch (error) {
      toast({
        message: failureMessage(error, MEMBERSHIP_COPY.toasts.revokeFailed, MEMBERSHIP_COPY.toasts.revokeOffline, false),
        tone: 'error',
      });
    } finally {
      setRevoking(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={MEMBERSHIP_COPY.modals.revoke}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep Mandate
          </Button>
          <Button variant="danger" onClick={revoke} busy={revoking}>
            {MEMBERSHIP_COPY.revokeMandate}
          </Button>
        </>
      }
    >
      <p>Revoking your UPI AutoPay mandate cancels your subscription immediately. This cannot be undone.</p>
      {givesUp && <p className="mt-3 font-semibold text-ink-950">{givesUp}</p>}
    </Modal>
  );
}
