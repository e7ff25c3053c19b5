import { SPACE, useT } from '../../i18n/t';
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

  const t = useT();
  let text: string;
  if (clearsAtMs === undefined) text = t('detail.copied.stays');
  else {
    const seconds = Math.max(0, Math.ceil((clearsAtMs - now) / 1000));
    if (seconds === 0) text = t('detail.copied.cleared');
    else if (seconds >= 60) text = t('detail.copied.clearsIn', { minutes: Math.ceil(seconds / 60) });
    // Whole minutes, so a screen reader hears the status change once a minute, not every second.
    else text = t('detail.copied.clearsSoon');
  }
  return (
    <p className="od-copied" role="status">
      {text}
      {notClearedReason ? (
        <span className="muted">
          {SPACE}
          {t('detail.copied.reason', { reason: notClearedReason })}
        </span>
      ) : null}
    </p>
  );
}
