import { X } from 'lucide-react';

/**
 * A removable tag (Polaris Tag): a filter in force, its text cut off with the whole text on hover, and a remove
 * button named by `removeLabel` (an icon alone names nothing).
 */
export function Tag({ label, removeLabel, onRemove }: { label: string; removeLabel: string; onRemove: () => void }) {
  return (
    <li className="tag">
      <span className="tag-label" title={label}>
        {label}
      </span>
      <button type="button" className="tag-remove" aria-label={removeLabel} onClick={onRemove}>
        <X size={14} aria-hidden="true" />
      </button>
    </li>
  );
}
