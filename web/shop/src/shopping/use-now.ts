import { useEffect, useState } from 'react';

/** The time now, ticking every second (spec section 9: product clock tick 1 s). One clock per board, not per card. */
export function useNow(tickMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
