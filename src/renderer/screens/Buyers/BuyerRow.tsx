import { MARK } from '../../i18n/marks';
import { useT } from '../../i18n/t';
import { CloudUpload, ExternalLink, Link, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { useId, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useBuyersStore, type SavedBuyer } from '../../stores/buyersStore';
import { checkItemId } from './buyerForm';
import { LinkStatus } from './LinkStatus';

/** One saved buyer: sync to the platform, a login link for an item, edit, remove. */
export function BuyerRow({ buyer, onEdit }: { buyer: SavedBuyer; onEdit: () => void }) {
  const id = useId();
  const [itemId, setItemId] = useState('');
  const [itemProblem, setItemProblem] = useState<string | null>(null);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const sync = useBuyersStore((s) => s.syncs[buyer.merchantUserNo]);
  const link = useBuyersStore((s) => s.links[buyer.merchantUserNo]);
  const store = useBuyersStore.getState;
  const t = useT();
  const name = [buyer.firstName, buyer.lastName].filter(Boolean).join(' ');

  const loginLink = (how: 'copy' | 'open') => {
    const checked = checkItemId(itemId);
    if (!checked.ok) return setItemProblem(t('buyers.problem.itemId'));
    setItemProblem(null);
    void store().loginLink(buyer.merchantUserNo, checked.value, how);
  };

  return (
    <li className="buyer-row" aria-labelledby={`${id}-name`}>
      <div className="buyer-who">
        <strong id={`${id}-name`}>{name || buyer.email}</strong>
        <span className="muted">
          {buyer.merchantUserNo}
          {MARK.dot}
          {buyer.email}
        </span>
      </div>
      <div className="buyer-actions">
        <Button
          variant="tertiary"
          icon={CloudUpload}
          label={t('buyers.sync')}
          onClick={() => void store().syncToPlatform(buyer)}
          disabled={sync?.status === 'working'}
        />
        {sync?.status === 'synced' && <span role="status">{t('buyers.synced', { id: sync.userId })}</span>}
        {sync?.status === 'working' && <span role="status">{t('buyers.syncing')}</span>}
        {sync?.status === 'failed' && <ErrorNotice error={sync.error} title={t('buyers.notSynced')} />}
        <Button variant="tertiary" icon={Pencil} label={t('buyers.editButton')} onClick={onEdit} />
        {confirmingRemove ? (
          <span
            className="confirm-inline"
            role="group"
            aria-label={t('buyers.remove.label', { user: buyer.merchantUserNo })}
          >
            {t('buyers.remove.question', { name: name || buyer.merchantUserNo })}
            <Button size="sm" variant="critical" onClick={() => void store().remove(buyer.merchantUserNo)}>
              {t('buyers.remove.confirm')}
            </Button>
            <Button size="sm" onClick={() => setConfirmingRemove(false)}>
              {t('buyers.remove.keep')}
            </Button>
          </span>
        ) : (
          <Button
            variant="tertiary"
            icon={Trash2}
            label={t('buyers.remove.start')}
            onClick={() => setConfirmingRemove(true)}
          />
        )}
      </div>
      <div className="buyer-link">
        <label htmlFor={`${id}-item`} className="visually-hidden">
          {t('buyers.itemId')}
        </label>
        <input
          id={`${id}-item`}
          inputMode="numeric"
          value={itemId}
          placeholder={t('buyers.itemId')}
          aria-invalid={itemProblem ? true : undefined}
          aria-describedby={itemProblem ? `${id}-item-problem` : undefined}
          onChange={(e) => {
            setItemId(e.target.value);
            setItemProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') loginLink('copy');
          }}
        />
        <Button
          size="sm"
          variant="primary"
          icon={Link}
          onClick={() => loginLink('copy')}
          disabled={link?.status === 'working'}
        >
          {t('buyers.link.copy')}
        </Button>
        <Button size="sm" icon={ExternalLink} onClick={() => loginLink('open')} disabled={link?.status === 'working'}>
          {t('buyers.link.open')}
        </Button>
        {itemProblem && (
          <span id={`${id}-item-problem`} className="field-problem">
            {itemProblem}
          </span>
        )}
        {link && <LinkStatus state={link} />}
      </div>
    </li>
  );
}
