import { useEffect } from 'react';
import { Button } from '../../components/ui/Button';
import type { UpdateState } from '../../../shared/ipc/app';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useAppStore } from '../../stores/appStore';
import { formatNumber } from '../../format/money';
import { SPACE, translate, useT, type Translate } from '../../i18n/t';

/** What the merchant reads about the app's own update: one sentence per state. */
export function updateSentence(state: UpdateState, t: Translate = translate): string {
  switch (state.kind) {
    case 'idle':
      return t('updates.idle');
    case 'checking':
      return t('updates.checking');
    case 'downloading':
      return t('updates.downloading', {
        version: state.version,
        percent: formatNumber(state.percent / 100, { style: 'percent', maximumFractionDigits: 0 }),
      });
    case 'ready':
      return t('updates.ready', { version: state.version });
    case 'up-to-date':
      return t('updates.upToDate');
    // The host's own words (English) after the sentence: what failed, why updates are off.
    case 'failed':
      return t('updates.failed', { message: state.message });
    case 'off':
      return t('updates.off', { reason: state.reason });
  }
}

/** Settings → About: where the app's own update stands, with "Check for updates" or "Restart to update". */
export function UpdateStatus() {
  const updates = useAppStore((s) => s.updates);
  const restart = useAppStore((s) => s.restart);
  const load = useAppStore((s) => s.loadUpdates);
  const act = useAppStore((s) => s.updateAction);
  const t = useT();
  useEffect(() => {
    void load();
  }, [load]);
  const state = updates.data;
  const busy = updates.status === 'loading' || state?.kind === 'checking' || state?.kind === 'downloading';
  return (
    <div className="settings-updates" data-testid="update-status">
      <h3>{t('updates.title')}</h3>
      <p role="status">
        {state ? updateSentence(state, t) : ''}
        {restart === 'waiting' && (
          <>
            {SPACE}
            {t('updates.waiting')}
          </>
        )}
      </p>
      {updates.error && <ErrorNotice error={updates.error} title={t('updates.readFailed')} />}
      {state && state.kind !== 'off' && (
        <div className="settings-actions">
          {state.kind === 'ready' ? (
            <Button variant="primary" onClick={() => void act('restart')}>
              {t('updates.restart')}
            </Button>
          ) : (
            <Button disabled={busy} onClick={() => void act('check')}>
              {t('updates.check')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
