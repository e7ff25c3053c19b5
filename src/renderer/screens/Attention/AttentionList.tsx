import { CircleAlert, Clock, Gavel, Undo2, type LucideIcon } from 'lucide-react';
import { Msg, useT } from '../../i18n/t';
import type { Ref } from 'react';
import { Badge, type Tone } from '../../components/ui/Badge';
import { DateTime } from '../../components/DateTime';
import { MAIN_LIST } from '../../frame/screenFocus';
import { instantMs } from '../../format/time';
import { rowKey, type AttentionRow } from '../../stores/attentionStore';
import { dueText, kindLabel } from './attentionText';
import { useMinuteClock } from './useMinuteClock';
import { PlatformText } from '../../components/PlatformText';
import { CheckAgainButton } from './CheckAgainButton';

const optionId = (key: string) => `attention-option-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** Each kind's tone and icon (the icon tells them apart without colour). */
const KIND_BADGE: Record<AttentionRow['kind'], { tone: Tone; icon: LucideIcon }> = {
  refund: { tone: 'attention', icon: Undo2 },
  overdue: { tone: 'critical', icon: Clock },
  'due-soon': { tone: 'attention', icon: Clock },
  exception: { tone: 'critical', icon: CircleAlert },
  dispute: { tone: 'attention', icon: Gavel },
};

/** When: "overdue by 12 min · due 23 Nov 2026, 12:02" for deadlines, "since 23 Nov 2026, 11:40" for the others. */
function When({ row, nowMs }: { row: AttentionRow; nowMs: number }) {
  const dueMs = instantMs(row.dueAt);
  if (dueMs !== undefined)
    return (
      <span>
        <Msg
          id="attention.due"
          values={{ when: dueText(dueMs, nowMs), b: (c) => <strong>{c}</strong>, date: <DateTime value={row.dueAt} /> }}
        />
      </span>
    );
  if (row.since === null) return null;
  return (
    <span>
      <Msg id="attention.since" values={{ date: <DateTime value={row.since} /> }} />
    </span>
  );
}

function Row({
  row,
  selected,
  nowMs,
  onOpen,
}: {
  row: AttentionRow;
  selected: boolean;
  nowMs: number;
  onOpen: (row: AttentionRow) => void;
}) {
  return (
    <li
      id={optionId(rowKey(row))}
      role="option"
      aria-selected={selected}
      className="attention-row queue-row"
      onClick={() => onOpen(row)}
    >
      <span className="attention-main">
        <Badge tone={KIND_BADGE[row.kind].tone} icon={KIND_BADGE[row.kind].icon}>
          {kindLabel(row.kind)}
        </Badge>
        <strong>
          <PlatformText value={row.orderNum ?? row.orderId} clamp />
        </strong>
        <span>{row.reason}</span>
        {row.unsettled && <CheckAgainButton orderId={row.orderId} />}
      </span>
      <span className="attention-meta">
        <When row={row} nowMs={nowMs} />
        {row.detail && (
          // Product titles and the platform's error text inside the app's words: a U+202E in them is shown as a mark,
          // so it cannot reverse " — delivery time …" after it.
          <span className="attention-detail">
            <PlatformText value={row.detail} composed />
          </span>
        )}
      </span>
    </li>
  );
}

/**
 * The queue as one listbox; the selection is the store's, moved by the screen's keys. A click (or Enter) opens the
 * row's order.
 */
export function AttentionList({
  rows,
  asOf,
  selectedKey,
  listRef,
  onOpen,
}: {
  rows: AttentionRow[];
  /** When the host read the queue. */
  asOf: string;
  selectedKey: string | null;
  listRef: Ref<HTMLUListElement>;
  onOpen: (row: AttentionRow) => void;
}) {
  const nowMs = useMinuteClock(instantMs(asOf) ?? 0);
  const t = useT();
  return (
    <ul
      ref={listRef}
      role="listbox"
      aria-label={t('attention.listLabel')}
      tabIndex={0}
      {...MAIN_LIST}
      className="attention-list queue-list"
      aria-activedescendant={selectedKey ? optionId(selectedKey) : undefined}
    >
      {rows.map((row) => (
        <Row key={rowKey(row)} row={row} selected={rowKey(row) === selectedKey} nowMs={nowMs} onOpen={onOpen} />
      ))}
    </ul>
  );
}

/** Keeps the selected option in view as the selection moves. */
export function scrollSelectedIntoView(key: string | null): void {
  if (key) document.getElementById(optionId(key))?.scrollIntoView?.({ block: 'nearest' });
}
