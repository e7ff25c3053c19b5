import { statusText } from '../../components/StatusChip';
import type { ReviewState } from '../../../shared/domain/afterSalesReview';

const REVIEW_WORDS: Record<ReviewState, string> = {
  awaiting: 'Awaiting review',
  'not-awaiting': 'Decided',
  unknown: 'Status unknown',
};

/**
 * An inbox row's after-sales status: the learned value with its label, else what the filter says of the request
 * (awaiting, no longer awaiting) — never a bare "—" for a request known to await a decision.
 */
export function AfterSalesChip({
  status,
  review,
  labels,
}: {
  status: number | null;
  review: ReviewState;
  labels?: Record<string, string> | undefined;
}) {
  const tone = review === 'not-awaiting' ? 'neutral' : 'attention';
  const text = status !== null ? statusText(status, labels) : REVIEW_WORDS[review];
  return <span className={`chip chip-${tone}`}>{text}</span>;
}
