import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { useId, useState, type KeyboardEvent } from 'react';
import { evidenceUrlProblem, moveItem, removeItem } from './rejectForm';

/**
 * Evidence image addresses: checked as typed (https only), shown as thumbnails, removable and reorderable with
 * buttons or Alt+↑/↓ on an image.
 */
export function EvidenceList({ urls, onChange }: { urls: readonly string[]; onChange(urls: string[]): void }) {
  const [typed, setTyped] = useState('');
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const inputId = useId();
  const problemId = useId();
  const problem = evidenceUrlProblem(typed, urls);
  const canAdd = typed.trim() !== '' && problem === null;

  const add = () => {
    if (!canAdd) return;
    onChange([...urls, typed.trim()]);
    setTyped('');
  };
  const move = (index: number, delta: -1 | 1, focusAfter = false) => {
    onChange(moveItem(urls, index, delta));
    if (focusAfter) requestAnimationFrame(() => document.getElementById(`${inputId}-item-${index + delta}`)?.focus());
  };
  const onItemKey = (index: number) => (e: KeyboardEvent<HTMLLIElement>) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') || e.target !== e.currentTarget) return;
    e.preventDefault();
    move(index, e.key === 'ArrowUp' ? -1 : 1, true);
  };

  return (
    <fieldset className="evidence">
      <legend>Evidence images (optional)</legend>
      <div className="field-row">
        <label htmlFor={inputId}>Evidence image URL</label>
        <input
          id={inputId}
          type="url"
          inputMode="url"
          value={typed}
          placeholder="https://"
          aria-invalid={problem !== null}
          aria-describedby={problemId}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" onClick={add} disabled={!canAdd}>
          Add image
        </button>
      </div>
      <p id={problemId} className={problem ? 'field-problem' : 'muted'} aria-live="polite">
        {problem ?? 'https:// addresses of images that show the problem; the platform receives them in this order.'}
      </p>
      {urls.length > 0 && (
        <ol className="evidence-list" aria-label="Evidence images">
          {urls.map((url, i) => (
            <li key={url} id={`${inputId}-item-${i}`} tabIndex={0} onKeyDown={onItemKey(i)}>
              {broken.has(url) ? (
                <span className="evidence-thumb evidence-thumb-broken">No preview</span>
              ) : (
                <img
                  className="evidence-thumb"
                  src={url}
                  alt={`Evidence image ${i + 1}`}
                  referrerPolicy="no-referrer"
                  onError={() => setBroken(new Set([...broken, url]))}
                />
              )}
              <span className="evidence-url">{url}</span>
              <span className="evidence-buttons">
                <Button
                  variant="tertiary"
                  size="sm"
                  icon={ArrowUp}
                  label={`Move image ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                />
                <Button
                  variant="tertiary"
                  size="sm"
                  icon={ArrowDown}
                  label={`Move image ${i + 1} down`}
                  disabled={i === urls.length - 1}
                  onClick={() => move(i, 1)}
                />
                <Button
                  variant="tertiary"
                  size="sm"
                  icon={Trash2}
                  label={`Remove image ${i + 1}`}
                  onClick={() => onChange(removeItem(urls, i))}
                />
              </span>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
