import { SPACE, useT, type Translate } from '../../i18n/t';
import { useEffect, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import type { LinkState } from '../../stores/buyersStore';

function clearsIn(ms: number, t: Translate): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds >= 90) return t('buyers.link.minutes', { minutes: Math.round(seconds / 60) });
  return t('buyers.link.seconds', { seconds });
}

/** "Link copied — clears in 2 min", counting down; then "cleared". */
export function LinkStatus({ state }: { state: LinkState }) {
  const [now, setNow] = useState(() => Date.now());
  const t = useT();
  const counting = state.status === 'copied' && state.clearsAtMs !== null;
  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [counting]);

  switch (state.status) {
    case 'working':
      return <span role="status">{t('buyers.link.working')}</span>;
    case 'opened':
      return <span role="status">{t('buyers.link.opened')}</span>;
    case 'failed':
      return (
        <ErrorNotice
          error={state.error}
          title={state.how === 'copy' ? t('buyers.link.copyFailed') : t('buyers.link.openFailed')}
        />
      );
    case 'copied': {
      let text = t('buyers.link.copied');
      if (state.clearsAtMs !== null)
        text =
          state.clearsAtMs > now
            ? t('buyers.link.clearsIn', { span: clearsIn(state.clearsAtMs - now, t) })
            : t('buyers.link.cleared');
      return (
        <span role="status">
          {text}
          {SPACE}
          {t('buyers.link.once')}
          {state.notClearedReason ? SPACE + state.notClearedReason : null}
        </span>
      );
    }
  }
}
