import { useEffect, useState } from 'react';

/** How long the banner stays (spec section 9: 'profile-loaded banner 3 s'). */
export const PROFILE_LOADED_MS = 3000;

/**
 * The spec's 'profile loaded' banner (section 4, "Profile page"): shown once the member's profile has arrived, for
 * three seconds. The spec gives no words; these say what happened. It floats over the page rather than taking a
 * place in it, so the section below does not jump when it comes and goes.
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
    <p
      role="status"
      className="fixed inset-x-4 top-20 z-20 mx-auto max-w-md rounded-2xl bg-emerald-50 px-4 py-3 text-center text-sm font-semibold text-emerald-800 shadow-lg"
    >
      Profile loaded
    </p>
  );
}
