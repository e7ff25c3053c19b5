import { useEffect, useState } from 'react';

/** "Link copied — clears in 2 min", counting down to when the host clears the clipboard. */
export function CopiedNotice({
  clearsAtMs,
  notClearedReason,
}: {
  clearsAtMs: number | undefined;
  notClearedReason?: string | undefined;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (clearsAtMs === undefined) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [clearsAtMs]);

  let text: string;
  if (clearsAtMs === undefined) text = 'Link copied — it stays on the clipboard until something else is copied.';
  else {
    const seconds = Math.max(0, Math.ceil((clearsAtMs - now) / 1000));
    if (seconds === 0) text = 'Link copied — the clipboard has been cleared.';
    else if (seconds >= 60) text = `Link copied — clears in ${Math.ceil(seconds / 60)} min`;
    // Whole minutes, so a screen reader hears the status change once a minute, not every second.
    else text = 'Link copied — clears in less than a minute';
  }
  return (
    <p className="od-copied" role="status">
      {text}
      {notClearedReason ? <span className="muted"> ({notClearedReason})</span> : null}
    </p>
  );
}
