import { useEffect, useState } from 'react';

/**
 * The clock relative times are counted against, moving once a minute — and never behind `atLeastMs` (the instant
 * the queue was read), so a row the timer just moved to "overdue" never reads "due in less than a minute".
 */
export function useMinuteClock(atLeastMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(now, atLeastMs);
}
