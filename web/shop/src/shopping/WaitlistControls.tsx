import { COPY } from '@elts/contracts';
import { ApiError, Button } from '@elts/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { leaveWaitlist, MY_WAITLISTS_QUERY_KEY } from '../api/waitlist.js';

export interface WaitlistControlsProps {
  productName: string;
  productId: string;
  /** The member's place on the product's waitlist, if they are on it. */
  position: number | undefined;
  onJoin: () => void;
}

/**
 * Under a sold-out product (issue 33 item 3): Join the waitlist, or the member's place on it with Leave the
 * waitlist. Joining asks for the delivery details the reservation will carry (the order form, ConfirmOrderModal).
 */
export function WaitlistControls({ productName, productId, position, onJoin }: WaitlistControlsProps) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();

  async function leave() {
    setBusy(true);
    setAlert(undefined);
    try {
      await leaveWaitlist(productId);
      await client.invalidateQueries({ queryKey: MY_WAITLISTS_QUERY_KEY });
    } catch (error) {
      setAlert(error instanceof ApiError ? error.message : 'Failed to leave the waitlist. Please try again.');
    }
    setBusy(false);
  }

  if (position === undefined) {
    return (
      <Button variant="secondary" size="sm" onClick={onJoin} aria-label={`${COPY.waitlist.join}: ${productName}`}>
        {COPY.waitlist.join}
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="text-sm font-semibold text-brand-700">{COPY.waitlist.place(position)}</p>
      <Button variant="ghost" size="sm" busy={busy} onClick={leave} aria-label={`${COPY.waitlist.leave}: ${productName}`}>
        {COPY.waitlist.leave}
      </Button>
      {alert && (
        <p role="alert" className="w-full text-sm text-red-700">
          {alert}
        </p>
      )}
    </div>
  );
}
