import { MARK } from '../../i18n/marks';
import { useT } from '../../i18n/t';
import { DateTime } from '../../components/DateTime';
import { ErrorNotice } from '../../components/ErrorNotice';
import type { RefreshOutcome } from '../../stores/orderDetailStore';
import type { RequestState } from '../../state/requestState';

const side = (text: string, kind: 'text' | 'time') =>
  kind === 'time' && text !== MARK.none ? <DateTime value={text} /> : text;

/** What "Refresh from platform" found: each changed field before → after, or that nothing changed. */
export function RefreshChanges({ refresh }: { refresh: RequestState<RefreshOutcome> }) {
  const t = useT();
  const outcome = refresh.status === 'ready' ? refresh.data : null;
  const n = outcome?.changes.length ?? 0;
  const summary = !outcome
    ? ''
    : !outcome.wasCached
      ? t('detail.refresh.fetched')
      : t('detail.refresh.changes', { count: n });
  return (
    <>
      {/* Always in the page, so its text change is announced (a live region inserted with its text is not). */}
      <p className="visually-hidden" role="status">
        {refresh.status === 'loading' ? t('detail.refresh.loading') : summary}
      </p>
      {refresh.status === 'failed' && refresh.error && (
        <ErrorNotice error={refresh.error} title={t('detail.refresh.failed')} />
      )}
      {outcome && <Changes outcome={outcome} summary={summary} />}
    </>
  );
}

function Changes({ outcome, summary }: { outcome: RefreshOutcome; summary: string }) {
  const n = outcome.changes.length;
  const t = useT();
  return (
    <section className="od-changes" aria-labelledby="od-changes-title">
      <h2 id="od-changes-title">{summary}</h2>
      {!outcome.cached && <p className="muted">{t('detail.refresh.notCached')}</p>}
      {n > 0 && (
        <table className="od-table">
          <caption className="visually-hidden">{t('detail.refresh.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('detail.refresh.field')}</th>
              <th scope="col">{t('detail.refresh.cached')}</th>
              <th scope="col">{t('detail.refresh.now')}</th>
            </tr>
          </thead>
          <tbody>
            {outcome.changes.map((c) => (
              <tr key={c.field}>
                <th scope="row">{c.field}</th>
                <td className="od-before">{side(c.before, c.kind)}</td>
                <td className="od-after">{side(c.after, c.kind)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
