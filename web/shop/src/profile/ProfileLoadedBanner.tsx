import { useEffect, useState } from 'react';

/** How long the banner stays (spec section 9: 'profile-loaded banner 3 s'). */
export const PROFILE_LOADED_MS = 3000;

/**
 * The spec's 'profile loaded' banner (section 4, "Profile page"): shown once the member's profile has arrived, for
 * three seconds. The spec gives no words; these say what happened.
 */
export function ProfileLoadedBanner({ loaded }: { loaded: boolean }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loaded) return;
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), PROFILE_LOADED_MS);
    return () => clearTimeout(timer);
  }, [loaded]);
  if (!visible) return null;
  return (
    <p role="status" className="mb-6 rounded-2xl bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-800">
      Profile loaded
    </p>
  );
}
