import { useEffect, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import type { LinkState } from '../../stores/buyersStore';

function clearsIn(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds >= 90) return `${Math.round(seconds / 60)} min`;
  return `${seconds} s`;
}

/** "Link copied — clears in 2 min", counting down; then "cleared". */
export function LinkStatus({ state }: { state: LinkState }) {
  const [now, setNow] = useState(() => Date.now());
  const counting = state.status === 'copied' && state.clearsAtMs !== null;
  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [counting]);

  switch (state.status) {
    case 'working':
      return <span role="status">Making a fresh link…</span>;
    case 'opened':
      return <span role="status">Opened a fresh link in your browser.</span>;
    case 'failed':
      return (
        <ErrorNotice
          error={state.error}
          title={state.how === 'copy' ? 'The login link was not copied' : 'The login link was not opened'}
        />
      );
    case 'copied': {
      let text = 'Link copied.';
      if (state.clearsAtMs !== null)
        text =
          state.clearsAtMs > now
            ? `Link copied — clears in ${clearsIn(state.clearsAtMs - now)}.`
            : 'Link copied — cleared from the clipboard (if it was still there).';
      return (
        <span role="status">
          {text} It works once.{state.notClearedReason ? ` ${state.notClearedReason}` : ''}
        </span>
      );
    }
  }
}
