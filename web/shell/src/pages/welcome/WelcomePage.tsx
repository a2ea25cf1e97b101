import { BRAND, Button, buttonClasses, Modal, ShareIcon, SocialHandleLink, whatsAppShareLink } from '@elts/ui';
import { useState } from 'react';
import { useDocumentTitle } from '../../app/use-document-title.js';
import welcomeArt from '../../art/welcome.svg';

import { HomeLogoLink } from '../../layout/HomeLogoLink.js';
import { WELCOME_SHARE_TEXT } from './promotion.js';

/** `/welcome`: the coming-soon screen, opened with its welcome modal (spec section 2). */
export function WelcomePage() {
  useDocumentTitle('Coming soon');
  const [welcomeOpen, setWelcomeOpen] = useState(true);
  const shareLink = whatsAppShareLink(WELCOME_SHARE_TEXT, `${window.location.origin}/`);
  return (
    <div className="flex min-h-dvh flex-col bg-brand-950 text-white">
      <header className="mx-auto w-full max-w-6xl px-4 py-5 lg:px-8">
        <HomeLogoLink />
      </header>
      <main id="main" className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center px-4 py-12 text-center">
        <img src={welcomeArt} alt="" width={320} height={240} className="h-auto w-64" />
        <h1 className="mt-6 font-display text-5xl font-extrabold tracking-tight lg:text-6xl">Coming soon</h1>
        <p className="mt-4 max-w-xl text-lg text-white/80">
          Your deals board is being put together. We will let you know the moment the first drop goes live.
        </p>
        <a href={shareLink} target="_blank" rel="noopener noreferrer" className={buttonClasses('accent', 'lg', 'mt-8')}>
          <ShareIcon />
          Tell your friends
        </a>
      </main>
      <footer className="border-t border-white/10 py-6 text-center text-sm text-white/75">
        Follow us on social media: <SocialHandleLink className="text-marigold-300 hover:text-marigold-200" />
      </footer>
      <Modal
        open={welcomeOpen}
        onClose={() => setWelcomeOpen(false)}
        title={`Welcome to ${BRAND.name}!`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setWelcomeOpen(false)}>
              Close
            </Button>
            <a href={shareLink} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary')}>
              <ShareIcon />
              Share on WhatsApp
            </a>
          </>
        }
      >
        <p>You are one of our early members. Deals open soon; share {BRAND.name} with friends who never want to pay retail either.</p>
      </Modal>
    </div>
  );
}
