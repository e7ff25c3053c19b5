import { statusLabel, statusText } from '../../components/StatusChip';
import { Badge } from '../../components/ui/Badge';
import type { MessageId } from '../../i18n/catalogs';
import { useT } from '../../i18n/t';
import type { ReviewState } from '../../../shared/domain/afterSalesReview';

const REVIEW_WORDS: Record<ReviewState, MessageId> = {
  awaiting: 'afterSales.review.awaiting',
  'not-awaiting': 'afterSales.review.decided',
  unknown: 'afterSales.review.unknown',
};

/**
 * An inbox row's after-sales status as a badge: the learned value's label (its code on hover), else what the filter
 * says of the request (awaiting, no longer awaiting) — never a bare "—" for a request known to await a decision.
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
  const t = useT();
  const tone = review === 'not-awaiting' ? 'neutral' : 'attention';
  if (status === null) return <Badge tone={tone}>{t(REVIEW_WORDS[review])}</Badge>;
  return (
    <Badge tone={tone} title={statusText(status, labels)}>
      {statusLabel(status, labels)}
    </Badge>
  );
}
