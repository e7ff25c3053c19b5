import { Ban, CircleCheck, CircleDashed, CircleDot, Clock, Truck, Undo2, type LucideIcon } from 'lucide-react';
import { translate } from '../i18n/t';
import type { MessageId } from '../i18n/catalogs';
import { MARK } from '../i18n/marks';
import { Badge, type Tone } from './ui/Badge';

/** A status value with the merchant's label for it: "Paid (2)"; the bare number when no label is set. */
export function statusText(value: number | null | undefined, labels: Record<string, string> | undefined): string {
  if (value === null || value === undefined) return '—';
  const label = labels?.[String(value)];
  return label ? translate('status.withCode', { label, code: value }) : String(value);
}

/** The label alone ("Paid"), for badges and toggles: the code goes to the tooltip and the detail view. */
export function statusLabel(value: number | null | undefined, labels: Record<string, string> | undefined): string {
  if (value === null || value === undefined) return '—';
  return labels?.[String(value)] ?? String(value);
}

export type StatusKind = 'order' | 'afterSales' | 'delivery' | 'deliveryType';

interface ToneOf {
  tone: Tone;
  icon?: LucideIcon;
}

/**
 * Tones by status value. The spec gives status names but no values: these follow the numbering the app's default
 * labels use (defaultStatusLabels.ts, the sandbox's and every new profile's), the same one the merchant's labels
 * start from; a value not listed is neutral. Delivery status and type are the spec's own values.
 */
const TONES: Record<StatusKind, Record<number, ToneOf>> = {
  order: {
    1: { tone: 'info', icon: Clock },
    2: { tone: 'attention' },
    3: { tone: 'info', icon: Truck },
    4: { tone: 'success' },
    5: { tone: 'neutral', icon: Ban },
    6: { tone: 'neutral', icon: Undo2 },
  },
  afterSales: {
    0: { tone: 'neutral', icon: CircleDashed },
    1: { tone: 'attention' },
    2: { tone: 'success' },
    3: { tone: 'critical' },
    4: { tone: 'neutral', icon: Ban },
  },
  delivery: {
    0: { tone: 'neutral', icon: CircleDashed },
    1: { tone: 'info', icon: Truck },
    2: { tone: 'success', icon: CircleCheck },
    3: { tone: 'success', icon: CircleCheck },
  },
  deliveryType: {
    2: { tone: 'critical' },
  },
};

const KIND_NAMES: Record<StatusKind, MessageId> = {
  order: 'filters.orderStatus',
  afterSales: 'filters.afterSalesStatus',
  delivery: 'filters.deliveryStatus',
  deliveryType: 'design.deliveryType',
};

/** A badge's hover text: "Order status 2: Paid – awaiting delivery". */
export const badgeTitle = (kind: StatusKind, code: number, label: string) =>
  translate('design.badge.title', { kind: translate(KIND_NAMES[kind]), code, label });

export function statusTone(kind: StatusKind, value: number | null | undefined): ToneOf {
  return (
    (value === null || value === undefined ? undefined : TONES[kind][value]) ?? { tone: 'neutral', icon: CircleDot }
  );
}

/** A status as a badge: its tone and icon, the label on one line, "Order status 2: Paid" on hover. */
export function StatusBadge({
  kind,
  value,
  labels,
  prefix,
  showCode = false,
}: {
  kind: StatusKind;
  value: number | null | undefined;
  labels?: Record<string, string> | undefined;
  /** Words before the label ("After-sales: "), part of the badge's text. */
  prefix?: string;
  /** The platform's code after the badge, "(2)": in an order's detail, where the code is looked for. */
  showCode?: boolean;
}) {
  if (value === null || value === undefined) return <span className="muted">{MARK.none}</span>;
  const { tone, icon } = statusTone(kind, value);
  const label = statusLabel(value, labels);
  const badge = (
    <Badge tone={tone} icon={icon} title={badgeTitle(kind, value, label)}>
      {prefix}
      {label}
    </Badge>
  );
  return showCode ? (
    <>
      {badge} <span className="status-code">{translate('design.badge.code', { code: value })}</span>
    </>
  ) : (
    badge
  );
}

/** The older name of a status badge, kept for callers that give a tone of their own. */
export function StatusChip({
  value,
  labels,
  tone = 'neutral',
}: {
  value: number | null | undefined;
  labels?: Record<string, string> | undefined;
  tone?: 'neutral' | 'attention' | 'danger' | 'ok';
}) {
  if (value === null || value === undefined) return <span className="muted">{MARK.none}</span>;
  const badgeTone: Tone = tone === 'danger' ? 'critical' : tone === 'ok' ? 'success' : tone;
  const label = statusLabel(value, labels);
  return (
    <Badge tone={badgeTone} title={statusText(value, labels)}>
      {label}
    </Badge>
  );
}
