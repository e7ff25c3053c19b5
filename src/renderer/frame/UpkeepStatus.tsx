import { DatabaseCheck, X } from 'lucide-react';
import { useEffect } from 'react';
import { Badge } from '../components/ui/Badge';
import { Button } from '../components/ui/Button';
import { formatRoute } from '../router';
import { showToast } from '../stores/toastStore';
import { upkeepFraction, useUpkeepStore, type UpkeepReport } from '../stores/upkeepStore';
import { errorWords } from '../i18n/errorText';
import { useLocaleStore } from '../i18n/localeStore';
import { SPACE, useT, type Translate } from '../i18n/t';

/** The running step in a few words, its share done when it has one, and its counts for the hover text. */
function runningText(report: UpkeepReport, t: Translate): { label: string; detail: string } {
  const counts = { done: report.done, total: report.total };
  switch (report.phase) {
    case 'convert':
    case 'index':
      return { label: t('upkeep.convert'), detail: t('upkeep.convertDetail', counts) };
    case 'vacuum':
      return { label: t('upkeep.compact'), detail: t('upkeep.meanwhile') };
    case 'scan':
      return { label: t('upkeep.scan'), detail: t('upkeep.scanDetail', counts) };
    case 'check':
      return { label: t('upkeep.check'), detail: t('upkeep.checkDetail', counts) };
  }
}

/**
 * The cache's background upkeep in the frame's status area, as an admin shows a background task: a line with its
 * progress and Cancel while it runs (browsing and syncing go on meanwhile), nothing after a clean finish, the
 * damaged orders it found (the next sync fetches them again) or a failed check (the way to a rebuild) until
 * dismissed, and a toast when the merchant's Cancel stopped it.
 */
export function UpkeepStatus() {
  const shown = useUpkeepStore((s) => s.shown);
  const cancelling = useUpkeepStore((s) => s.cancelling);
  const stoppedByMerchant = useUpkeepStore((s) => s.stoppedByMerchant);
  const cancelError = useUpkeepStore((s) => s.cancelError);
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);

  useEffect(() => {
    if (!stoppedByMerchant) return;
    showToast(t('upkeep.stopped'), 'info');
    useUpkeepStore.getState().noticed();
  }, [stoppedByMerchant, t]);

  if (!shown) return null;
  const { cancel, dismiss } = useUpkeepStore.getState();
  const dismissButton = <Button variant="tertiary" size="sm" icon={X} label={t('upkeep.dismiss')} onClick={dismiss} />;

  if (shown.state === 'running') {
    const { label, detail } = runningText(shown, t);
    const fraction = upkeepFraction(shown);
    const cancelWords = cancelError ? errorWords(cancelError, t, locale) : null;
    // Where the header is short of room the words leave the screen (not the reader): the share, the badge stay.
    return (
      <div className="upkeep-status" role="group" aria-label={t('upkeep.label')} data-state="running">
        <DatabaseCheck className="upkeep-status-icon" size={16} aria-hidden="true" />
        <span className="upkeep-status-text" title={[label, detail].join(SPACE)}>
          <span className="upkeep-status-label">{label}</span>
          {fraction !== null && (
            <>
              {SPACE}
              <span className="upkeep-status-value">{t('upkeep.percent', { percent: fraction })}</span>
            </>
          )}
        </span>
        {fraction !== null && (
          <progress
            className="upkeep-progress"
            max={shown.total}
            value={shown.done}
            aria-label={t('upkeep.progress')}
            aria-valuetext={detail}
          />
        )}
        <Button
          size="sm"
          variant="tertiary"
          onClick={() => void cancel()}
          disabled={cancelling}
          aria-label={cancelling ? undefined : t('upkeep.cancelName')}
        >
          {cancelling ? t('upkeep.cancelling') : t('common.cancel')}
        </Button>
        {cancelWords && (
          <span className="upkeep-status-error" role="alert" title={cancelWords.details ?? undefined}>
            {t('upkeep.cancelFailed', { message: cancelWords.text })}
          </span>
        )}
      </div>
    );
  }

  if (shown.state === 'failed')
    return (
      <div className="upkeep-status" role="alert" data-state="failed">
        <Badge tone="critical" title={t('upkeep.failed')}>
          {t('upkeep.failedBadge')}
        </Badge>
        <span className="visually-hidden">{t('upkeep.failed')}</span>
        <a className="upkeep-status-link" href={formatRoute('settings', ['cache'])}>
          {t('upkeep.rebuild')}
        </a>
        {dismissButton}
      </div>
    );

  // Finished with damaged orders (a clean finish shows nothing): how many, and what happens to them.
  const detail = t('upkeep.damagedDetail', { count: shown.damagedOrders });
  return (
    <div className="upkeep-status" role="status" data-state="damaged">
      <Badge tone="attention" title={detail}>
        {t('upkeep.damagedBadge', { count: shown.damagedOrders })}
      </Badge>
      <span className="upkeep-status-note upkeep-status-label" title={detail}>
        {t('upkeep.damagedNext', { count: shown.damagedOrders })}
      </span>
      {dismissButton}
    </div>
  );
}
