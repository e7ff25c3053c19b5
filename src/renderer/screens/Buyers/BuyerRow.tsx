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
  const name = [buyer.firstName, buyer.lastName].filter(Boolean).join(' ');

  const loginLink = (how: 'copy' | 'open') => {
    const checked = checkItemId(itemId);
    if (!checked.ok) return setItemProblem(checked.problems.itemId ?? 'not a valid item ID');
    setItemProblem(null);
    void store().loginLink(buyer.merchantUserNo, checked.value, how);
  };

  return (
    <li className="buyer-row" aria-labelledby={`${id}-name`}>
      <div className="buyer-who">
        <strong id={`${id}-name`}>{name || buyer.email}</strong>
        <span className="muted">
          {buyer.merchantUserNo} · {buyer.email}
        </span>
      </div>
      <div className="buyer-actions">
        <Button
          variant="tertiary"
          icon={CloudUpload}
          label="Sync to platform"
          onClick={() => void store().syncToPlatform(buyer)}
          disabled={sync?.status === 'working'}
        />
        {sync?.status === 'synced' && <span role="status">Platform user ID {sync.userId}</span>}
        {sync?.status === 'working' && <span role="status">Syncing…</span>}
        {sync?.status === 'failed' && <ErrorNotice error={sync.error} title="Not synced" />}
        <Button variant="tertiary" icon={Pencil} label="Edit" onClick={onEdit} />
        {confirmingRemove ? (
          <span className="confirm-inline" role="group" aria-label={`Remove ${buyer.merchantUserNo}?`}>
            Remove {name || buyer.merchantUserNo} from this list?
            <Button size="sm" variant="critical" onClick={() => void store().remove(buyer.merchantUserNo)}>
              Remove
            </Button>
            <Button size="sm" onClick={() => setConfirmingRemove(false)}>
              Keep
            </Button>
          </span>
        ) : (
          <Button variant="tertiary" icon={Trash2} label="Remove…" onClick={() => setConfirmingRemove(true)} />
        )}
      </div>
      <div className="buyer-link">
        <label htmlFor={`${id}-item`} className="visually-hidden">
          Item ID for a login link
        </label>
        <input
          id={`${id}-item`}
          inputMode="numeric"
          value={itemId}
          placeholder="Item ID for a login link"
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
          Copy login link
        </Button>
        <Button size="sm" icon={ExternalLink} onClick={() => loginLink('open')} disabled={link?.status === 'working'}>
          Open in browser
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
