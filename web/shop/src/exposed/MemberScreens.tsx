import { useLocation } from '@elts/router';
import { RemoteRoot } from '@elts/ui';
import { useEffect } from 'react';
import { MemberFrame } from '../layout/MemberFrame.js';
import { OrderStatusScreen } from '../membership/OrderStatusScreen.js';
import { registerServiceWorker } from '../profile/web-push.js';
import { OnboardingScreen } from '../screens/OnboardingScreen.js';
import { ONBOARDING_STEPS } from '../screens/onboarding-steps.js';
import { ProfileScreen } from '../screens/ProfileScreen.js';
import '../styles/shop.css';

/** The shop remote's one exposed module: the shell routes every member path here, and the path picks the screen. */
export default function MemberScreens() {
  const location = useLocation();
  const { pathname } = location;
  const step = ONBOARDING_STEPS[pathname];
  // The member app's service worker (decision 0160): what makes it installable and shows drop alerts pushed to it.
  useEffect(() => {
    void registerServiceWorker();
  }, []);
  return (
    <RemoteRoot name="shop" location={location}>
      <MemberFrame>
        {step ? <OnboardingScreen step={step} /> : pathname === '/order' ? <OrderStatusScreen /> : <ProfileScreen />}
      </MemberFrame>
    </RemoteRoot>
  );
}
