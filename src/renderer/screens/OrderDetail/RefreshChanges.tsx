import { DateTime } from '../../components/DateTime';
import { ErrorNotice } from '../../components/ErrorNotice';
import type { RefreshOutcome } from '../../stores/orderDetailStore';
import type { RequestState } from '../../state/requestState';

const side = (text: string, kind: 'text' | 'time') =>
  kind === 'time' && text !== '—' ? <DateTime value={text} /> : text;

/** What "Refresh from platform" found: each changed field before → after, or that nothing changed. */
export function RefreshChanges({ refresh }: { refresh: RequestState<RefreshOutcome> }) {
  const outcome = refresh.status === 'ready' ? refresh.data : null;
  const n = outcome?.changes.length ?? 0;
  const summary = !outcome
    ? ''
    : !outcome.wasCached
      ? 'Fetched from the platform (it was not in the cache before)'
      : n === 0
        ? 'Refreshed from the platform — nothing changed'
        : `Refreshed from the platform — ${n} ${n === 1 ? 'change' : 'changes'}`;
  return (
    <>
      {/* Always in the page, so its text change is announced (a live region inserted with its text is not). */}
      <p className="visually-hidden" role="status">
        {refresh.status === 'loading' ? 'Refreshing from the platform…' : summary}
      </p>
      {refresh.status === 'failed' && refresh.error && (
        <ErrorNotice error={refresh.error} title="Could not refresh the order from the platform" />
      )}
      {outcome && <Changes outcome={outcome} summary={summary} />}
    </>
  );
}

function Changes({ outcome, summary }: { outcome: RefreshOutcome; summary: string }) {
  const n = outcome.changes.length;
  return (
    <section className="od-changes" aria-labelledby="od-changes-title">
      <h2 id="od-changes-title">{summary}</h2>
      {!outcome.cached && <p className="muted">The cache could not keep the new state; it is shown here only.</p>}
      {n > 0 && (
        <table className="od-table">
          <caption className="visually-hidden">What changed</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Cached</th>
              <th scope="col">Platform now</th>
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
