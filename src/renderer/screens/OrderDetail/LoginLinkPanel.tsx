import { Msg, SPACE, useT } from '../../i18n/t';
import { Select } from '../../components/ui/Select';
import { Button } from '../../components/ui/Button';
import { useEffect, useId, useState } from 'react';
import type { Order } from '../../../shared/domain/order';
import { ErrorNotice } from '../../components/ErrorNotice';
import { instantMs } from '../../format/time';
import { matchingSavedBuyers, orderItemIds } from '../../orderView/buyerMatch';
import { formatRoute } from '../../router';
import { useOrderLoginLinkStore } from '../../stores/orderLoginLinkStore';
import { CopiedNotice } from './CopiedNotice';

/**
 * "Copy login link for this buyer": offered when a saved buyer entry is this order's buyer (buyerMatch.ts); the
 * item ID starts as the product ID of the order's first item. The host makes a fresh link and copies it; the page
 * only learns that it was copied and when the clipboard clears.
 */
export function LoginLinkPanel({ order }: { order: Order }) {
  const saved = useOrderLoginLinkStore((s) => s.saved);
  const copy = useOrderLoginLinkStore((s) => s.copy);
  const itemIdProblem = useOrderLoginLinkStore((s) => s.itemIdProblem);
  const items = orderItemIds(order);
  const [itemId, setItemId] = useState(items[0]?.itemId ?? '');
  const [chosen, setChosen] = useState<string | null>(null);
  const ids = useId();
  const t = useT();

  useEffect(() => {
    useOrderLoginLinkStore.getState().reset();
    void useOrderLoginLinkStore.getState().loadSaved();
  }, [order.id]);

  if (saved.status === 'failed' && saved.error)
    return <ErrorNotice error={saved.error} title={t('buyers.readFailed')} />;
  if (!saved.data) return <p className="muted">{t('detail.link.looking')}</p>;
  const matches = matchingSavedBuyers(order, saved.data);
  if (matches.length === 0)
    return (
      <p className="muted">
        <Msg id="detail.link.noMatch" values={{ link: (text) => <a href={formatRoute('buyers')}>{text}</a> }} />
      </p>
    );
  const buyer = matches.find((b) => b.merchantUserNo === chosen) ?? matches[0]!;
  const who = [buyer.firstName, buyer.lastName].filter(Boolean).join(' ');

  return (
    <form
      className="od-login-link"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void useOrderLoginLinkStore.getState().copyLink(buyer.merchantUserNo, itemId);
      }}
    >
      {matches.length > 1 ? (
        <label>
          {t('detail.link.savedBuyer')}
          {SPACE}
          <Select value={buyer.merchantUserNo} onChange={(e) => setChosen(e.target.value)}>
            {matches.map((b) => (
              <option key={b.merchantUserNo} value={b.merchantUserNo}>
                {t('detail.link.option', { email: b.email, user: b.merchantUserNo })}
              </option>
            ))}
          </Select>
        </label>
      ) : (
        <p>
          {who
            ? t('detail.link.buyerNamed', { who, email: buyer.email })
            : t('detail.link.buyer', { email: buyer.email })}
          {SPACE}
          <span className="muted">{t('detail.link.user', { user: buyer.merchantUserNo })}</span>
        </p>
      )}
      <label>
        {t('detail.link.itemId')}
        {SPACE}
        <input
          value={itemId}
          onChange={(e) => setItemId(e.target.value)}
          inputMode="numeric"
          list={`${ids}-items`}
          aria-invalid={itemIdProblem ? true : undefined}
          aria-describedby={`${ids}-hint`}
        />
      </label>
      <datalist id={`${ids}-items`}>
        {items.map((i) => (
          <option key={i.itemId} value={i.itemId}>
            {i.title}
          </option>
        ))}
      </datalist>
      <p id={`${ids}-hint`} className={itemIdProblem ? 'od-problem' : 'muted'}>
        {itemIdProblem ?? t('detail.link.itemHint')}
      </p>
      <Button type="submit" variant="primary" disabled={copy.status === 'loading'}>
        {t('detail.link.copy')}
      </Button>
      {copy.status === 'failed' && copy.error && <ErrorNotice error={copy.error} title={t('buyers.link.copyFailed')} />}
      {copy.status === 'ready' && copy.data && (
        <CopiedNotice clearsAtMs={instantMs(copy.data.clearsAt)} notClearedReason={copy.data.notClearedReason} />
      )}
    </form>
  );
}
