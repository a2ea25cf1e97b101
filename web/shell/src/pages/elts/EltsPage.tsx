import { useLocation } from '@elts/router';
import { ABOUT_LINK, HOME_LINK, POLICIES_LINK } from '../../copy/footer-links.js';
import { PublicPage } from '../../layout/PublicPage.js';
import { EltsMenu } from './EltsMenu.js';
import { eltsViewFrom } from './elts-view.js';
import { MerchPage } from './MerchPage.js';
import { WallOfElts } from './WallOfElts.js';

/** `/elts`: the wall of elts, or the merch page when the link said merch=true (spec section 2). */
export function EltsPage() {
  const view = eltsViewFrom(useLocation().state);
  return (
    <PublicPage title={view === 'merch' ? 'Merch' : 'Wall of ELTS'} footerLinks={[HOME_LINK, ABOUT_LINK, POLICIES_LINK]}>
      <EltsMenu view={view} />
      {view === 'merch' ? <MerchPage /> : <WallOfElts />}
    </PublicPage>
  );
}
