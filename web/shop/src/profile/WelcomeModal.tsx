import { DELIVERY_AREA_COPY } from '@elts/contracts';
import { Link } from '@elts/router';
import { BRAND, Button, buttonClasses, Modal, ShareIcon, whatsAppShareLink } from '@elts/ui';
import { sectionHref } from '../screens/profile-sections.js';

/** The fixed promotional message the Share button sends, followed by the product's home link. */
export const WELCOME_SHARE_TEXT = `Limited subscriptions are open at ${BRAND.name}, the members-only deals community where members never pay retail price. Join me:`;

/**
 * The account page's welcome: after the shipping step (navigation state fromShipping) and for a member who has
 * not given a pincode yet (spec section 2). Share opens a WhatsApp message in a new tab. A member whose pincode
 * deliveries have not reached (`notServedPincode`) is not told to subscribe before subscriptions close, which they
 * cannot do: the welcome says so plainly and leads to the Profile section (docs/decisions/0116).
 */
export function WelcomeModal({ open, onClose, notServedPincode }: { open: boolean; onClose: () => void; notServedPincode?: string }) {
  const shareLink = whatsAppShareLink(WELCOME_SHARE_TEXT, `${window.location.origin}/`);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Welcome to ${BRAND.name}!`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {notServedPincode && (
            <Link to={sectionHref('profile')} onClick={onClose} className={buttonClasses('secondary')}>
              Open Profile
            </Link>
          )}
          <a href={shareLink} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary')}>
            <ShareIcon />
            Share
          </a>
        </>
      }
    >
      {notServedPincode ? (
        <>
          <p className="font-semibold text-ink-900">{DELIVERY_AREA_COPY.welcome}</p>
          <p className="mt-2">{DELIVERY_AREA_COPY.welcomeBody(notServedPincode)}</p>
        </>
      ) : (
        <>
          <p className="font-semibold text-ink-900">Welcome aboard! Limited subscriptions are open.</p>
          <p className="mt-2">Subscribe before they close, and share {BRAND.name} with friends who never want to pay retail either.</p>
        </>
      )}
    </Modal>
  );
}
