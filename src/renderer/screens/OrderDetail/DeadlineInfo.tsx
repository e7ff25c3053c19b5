import { Msg, SPACE, useT } from '../../i18n/t';
import { useEffect, useState } from 'react';
import type { Order } from '../../../shared/domain/order';
import { DEFAULT_RULES } from '../../../shared/due/rules';
import { DateTime } from '../../components/DateTime';
import { Badge, type Tone } from '../../components/ui/Badge';
import { deadlineView } from '../../orderView/deadlineText';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';

const TONE: Partial<Record<string, Tone>> = { overdue: 'critical', 'due-soon': 'attention' };

/**
 * The order's delivery deadline, as the attention queue counts it: due time, overdue / due soon, and the rule that
 * gave it (the active profile's rules; with no profile, the labelled defaults). Moves with the clock.
 */
export function DeadlineInfo({ order }: { order: Order }) {
  const settings = useProfilesStore((s) => activeProfile(s.list.data)?.deliveryDeadlines) ?? DEFAULT_RULES;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const view = deadlineView(order, settings, now);
  const t = useT();
  const tone = TONE[view.state];
  return (
    <div className="od-deadline" data-state={view.state}>
      <p>
        {tone ? <Badge tone={tone}>{view.headline}</Badge> : <strong>{view.headline}</strong>}
        {view.dueMs !== null && (
          <>
            {SPACE}
            <Msg id="detail.due" values={{ date: <DateTime value={new Date(view.dueMs).toISOString()} /> }} />
          </>
        )}
      </p>
      <p className="muted">{t('detail.rule', { rule: view.rule })}</p>
    </div>
  );
}
