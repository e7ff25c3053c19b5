import { DatabaseCheck, X } from 'lucide-react';
import { useEffect } from 'react';
import { Badge } from '../components/ui/Badge';
import { Button } from '../components/ui/Button';
import { formatRoute } from '../router';
import { showToast } from '../stores/toastStore';
import { upkeepFraction, useUpkeepStore, type UpkeepReport } from '../stores/upkeepStore';
import { useT, type Translate } from '../i18n/t';

/** The running step in a few words, its share done when it has one. */
function runningText(report: UpkeepReport, t: Translate): { text: string; detail: string } {
  const percent = upkeepFraction(report) ?? 0;
  const counts = { done: report.done, total: report.total };
  switch (report.phase) {
    case 'convert':
    case 'index':
      return { text: t('upkeep.convert', { percent }), detail: t('upkeep.convertDetail', counts) };
    case 'vacuum':
      return { text: t('upkeep.compact'), detail: t('upkeep.meanwhile') };
    case 'scan':
      return { text: t('upkeep.scan', { percent }), detail: t('upkeep.scanDetail', counts) };
    case 'check':
      return { text: t('upkeep.check', { percent }), detail: t('upkeep.checkDetail', counts) };
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

  useEffect(() => {
    if (!stoppedByMerchant) return;
    showToast(t('upkeep.stopped'), 'info');
    useUpkeepStore.getState().noticed();
  }, [stoppedByMerchant, t]);

  if (!shown) return null;
  const { cancel, dismiss } = useUpkeepStore.getState();
  const dismissButton = (
    <Button variant="tertiary" size="sm" icon={X} label={t('upkeep.dismiss')} onClick={dismiss} />
  );

  if (shown.state === 'running') {
    const { text, detail } = runningText(shown, t);
    const fraction = upkeepFraction(shown);
    return (
      <div className="upkeep-status" role="group" aria-label={t('upkeep.label')} data-state="running">
        <DatabaseCheck className="upkeep-status-icon" size={16} aria-hidden="true" />
        <span className="upkeep-status-text" title={detail}>
          {text}
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
        {cancelError && (
          <span className="upkeep-status-error" role="alert">
            {t('upkeep.cancelFailed', { message: cancelError.message })}
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
        <span className="upkeep-status-text narrow-hidden">{t('upkeep.failed')}</span>
        <a className="upkeep-status-link" href={formatRoute('settings', ['cache'])}>
          {t('upkeep.rebuild')}
        </a>
        {dismissButton}
      </div>
    );

  // Finished with damaged orders (a clean finish shows nothing).
  const next = t('upkeep.damagedNext', { count: shown.damagedOrders });
  return (
    <div className="upkeep-status" role="status" data-state="damaged">
      <Badge tone="attention" title={next}>
        {t('upkeep.damagedBadge', { count: shown.damagedOrders })}
      </Badge>
      <span className="upkeep-status-text narrow-hidden" title={next}>
        {next}
      </span>
      {dismissButton}
    </div>
  );
}
