import { Ban, CircleCheck, CircleDashed, CircleDot, Clock, Truck, Undo2, type LucideIcon } from 'lucide-react';
import { SANDBOX_AFTER_SALES_STATUSES, SANDBOX_ORDER_STATUSES } from '../../shared/domain/defaultStatusLabels';
import { translate } from '../i18n/t';
import { catalogs, type MessageId } from '../i18n/catalogs';
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
 * Tones of the statuses whose values the platform does not define (order, after-sales) follow their meaning — the
 * merchant's label for the value — never the number: a platform that numbers "Completed" 7 and "Cancelled" 4 gets a
 * green 7 and a grey 4. Each default label (defaultStatusLabels.ts, the names every profile starts from) has a tone;
 * a value whose label is one of them, in English or in the app's language, takes it; a value the merchant named
 * otherwise, or left unnamed, is neutral. Delivery status and type are the spec's own values: by number.
 */
const ORDER_TONES: Record<keyof typeof SANDBOX_ORDER_STATUSES, ToneOf> = {
  1: { tone: 'info', icon: Clock },
  2: { tone: 'attention' },
  3: { tone: 'info', icon: Truck },
  4: { tone: 'success' },
  5: { tone: 'neutral', icon: Ban },
  6: { tone: 'neutral', icon: Undo2 },
};
const AFTER_SALES_TONES: Record<keyof typeof SANDBOX_AFTER_SALES_STATUSES, ToneOf> = {
  0: { tone: 'neutral', icon: CircleDashed },
  1: { tone: 'attention' },
  2: { tone: 'success' },
  3: { tone: 'critical' },
  4: { tone: 'neutral', icon: Ban },
};
const SPEC_TONES: Record<'delivery' | 'deliveryType', Record<number, ToneOf>> = {
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

/** Each default label's tone, by its name in English and in every language of the app (a shown label is either). */
function tonesByName(
  defaults: Readonly<Record<number, string>>,
  tones: Readonly<Record<number, ToneOf>>,
  prefix: 'status.order' | 'status.afterSales',
): ReadonlyMap<string, ToneOf> {
  const byName = new Map<string, ToneOf>();
  for (const [code, name] of Object.entries(defaults)) {
    const tone = tones[Number(code)]!;
    byName.set(name.toLowerCase(), tone);
    for (const catalog of Object.values(catalogs)) {
      const translated = (catalog as Readonly<Record<string, string>>)[`${prefix}.${code}`];
      if (translated) byName.set(translated.toLowerCase(), tone);
    }
  }
  return byName;
}

const LABEL_TONES: Record<'order' | 'afterSales', ReadonlyMap<string, ToneOf>> = {
  order: tonesByName(SANDBOX_ORDER_STATUSES, ORDER_TONES, 'status.order'),
  afterSales: tonesByName(SANDBOX_AFTER_SALES_STATUSES, AFTER_SALES_TONES, 'status.afterSales'),
};

const NEUTRAL: ToneOf = { tone: 'neutral', icon: CircleDot };

const KIND_NAMES: Record<StatusKind, MessageId> = {
  order: 'filters.orderStatus',
  afterSales: 'filters.afterSalesStatus',
  delivery: 'filters.deliveryStatus',
  deliveryType: 'design.deliveryType',
};

/** A badge's hover text: "Order status 2: Paid – awaiting delivery". */
export const badgeTitle = (kind: StatusKind, code: number, label: string) =>
  translate('design.badge.title', { kind: translate(KIND_NAMES[kind]), code, label });

/**
 * A status's tone and icon. Order and after-sales: from the label the merchant's settings give the value (`labels`,
 * as shown); no label, or one with no known meaning: neutral.
 */
export function statusTone(
  kind: StatusKind,
  value: number | null | undefined,
  labels?: Readonly<Record<string, string>>,
): ToneOf {
  if (value === null || value === undefined) return NEUTRAL;
  if (kind === 'delivery' || kind === 'deliveryType') return SPEC_TONES[kind][value] ?? NEUTRAL;
  const label = labels?.[String(value)];
  return (label !== undefined ? LABEL_TONES[kind].get(label.trim().toLowerCase()) : undefined) ?? NEUTRAL;
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
  const { tone, icon } = statusTone(kind, value, labels);
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
