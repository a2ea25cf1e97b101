import { DELIVERY_AREA_COPY, type Profile } from '@elts/contracts';
import { Link } from '@elts/router';
import { Spinner, useToast } from '@elts/ui';
import { useUpdateProfile } from '../api/update-profile.js';
import { sectionHref } from '../screens/profile-sections.js';
import { saveFailureMessage } from './use-save-profile.js';

/**
 * Said to a member whose saved pincode deliveries have not reached (docs/decisions/0116): plainly that they have not,
 * where to change the pincode (when shown away from the Profile section), and an offer to be told when they do. The
 * offer records the wish on the member (`{deliveryAreaNotify: true}`); the profile then says it was noted, for this
 * pincode only.
 */
export function DeliveryAreaNotice({ profile, offerChange = false }: { profile: Profile & { pincode: number }; offerChange?: boolean }) {
  const update = useUpdateProfile();
  const toast = useToast();
  const pincode = String(profile.pincode);
  const asked = profile.deliveryAreaNotifyPincode === profile.pincode;
  const ask = () =>
    update
      .mutateAsync({ deliveryAreaNotify: true })
      .catch((error: unknown) => toast({ message: saveFailureMessage(error), tone: 'error' }));

  return (
    <section aria-label="Delivery area" className="mt-4 rounded-2xl bg-marigold-50 p-4 ring-1 ring-marigold-200 ring-inset">
      <p className="font-semibold text-ink-950">{DELIVERY_AREA_COPY.notYet(pincode)}</p>
      {offerChange && (
        <p className="mt-1 text-sm text-ink-800">
          {DELIVERY_AREA_COPY.changeHint}{' '}
          <Link to={sectionHref('profile')} className="font-semibold text-brand-800 underline underline-offset-4">
            {DELIVERY_AREA_COPY.changeLink}
          </Link>
        </p>
      )}
      {/* Polite and always present, so the sentence that replaces the button is read out when it comes. */}
      <div aria-live="polite" className="mt-3">
        {asked ? (
          <p className="text-sm font-semibold text-emerald-800">{DELIVERY_AREA_COPY.notifyRecorded(pincode)}</p>
        ) : (
          // The secondary button's look, but free to wrap: on a phone the sentence is wider than the card.
          <button
            type="button"
            disabled={update.isPending}
            aria-busy={update.isPending || undefined}
            onClick={() => void ask()}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full bg-white px-5 py-2 text-left text-[0.95rem] font-semibold text-brand-800 ring-1 ring-brand-200 transition-colors ring-inset hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-55"
          >
            {update.isPending && <Spinner size="sm" label="" />}
            {DELIVERY_AREA_COPY.notifyButton}
          </button>
        )}
      </div>
    </section>
  );
}
