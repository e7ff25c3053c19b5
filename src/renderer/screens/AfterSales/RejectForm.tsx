import { useT } from '../../i18n/t';
import { Button } from '../../components/ui/Button';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Decision } from '../../stores/decisionFlow';
import { orderLabelOf, type IpcOrder } from '../../stores/orderFacts';
import { EvidenceList } from './EvidenceList';
import { reasonProblem, rejectDecision } from './rejectForm';
import { TemplatePicker } from './TemplatePicker';

/**
 * Rejecting a refund request: a reason (required; the platform states no length limit, so no counter), saved
 * reasons, evidence images. Sending it is the confirmation; Esc cancels and focus returns to where it was.
 */
export function RejectForm({
  order,
  onSend,
  onCancel,
}: {
  order: IpcOrder;
  onSend(decision: Decision): void;
  onCancel(): void;
}) {
  const [reason, setReason] = useState('');
  const [urls, setUrls] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const titleId = useId();
  const reasonId = useId();
  const problemId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const problem = reasonProblem(reason);
  const t = useT();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    reasonRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problem) return reasonRef.current?.focus();
    onSend(rejectDecision(order.id, reason, urls));
  };

  const showProblem = tried && problem !== null;
  return (
    <form
      className="reject-form"
      aria-labelledby={titleId}
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
        // Typing here must not reach the list's shortcuts (a, r, j, k).
        e.stopPropagation();
      }}
    >
      <h2 id={titleId}>{t('afterSales.reject.title', { order: orderLabelOf(order) })}</h2>
      <TemplatePicker reason={reason} onPick={setReason} />
      <label htmlFor={reasonId}>{t('afterSales.reject.reason')}</label>
      <textarea
        id={reasonId}
        ref={reasonRef}
        rows={4}
        value={reason}
        aria-invalid={showProblem}
        aria-describedby={problemId}
        onChange={(e) => setReason(e.target.value)}
      />
      <p id={problemId} className={showProblem ? 'field-problem' : 'muted'}>
        {showProblem ? problem : t('afterSales.reject.reasonHint')}
      </p>
      <EvidenceList urls={urls} onChange={setUrls} />
      <div className="form-actions">
        <Button type="submit" variant="critical">
          {t('afterSales.reject.send')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </div>
    </form>
  );
}
