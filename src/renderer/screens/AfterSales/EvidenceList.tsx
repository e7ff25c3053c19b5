import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { useId, useState, type KeyboardEvent } from 'react';
import { Lightbox, type LightboxImage } from '../../components/ui/Lightbox';
import { useT } from '../../i18n/t';
import { evidenceUrlProblem, moveItem, removeItem } from './rejectForm';

/** The field's example value: a URL scheme, not a word. */
const HTTPS = 'https://';

/**
 * Evidence image addresses: checked as typed (https only), shown as thumbnails that open in the lightbox (the
 * address the merchant typed, as the thumbnail loads it), removable and reorderable with buttons or Alt+↑/↓ on an
 * image.
 */
export function EvidenceList({ urls, onChange }: { urls: readonly string[]; onChange(urls: string[]): void }) {
  const [typed, setTyped] = useState('');
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<number | null>(null);
  const t = useT();
  const inputId = useId();
  const problemId = useId();
  const problem = evidenceUrlProblem(typed, urls);
  const canAdd = typed.trim() !== '' && problem === null;
  const shown: LightboxImage[] = urls
    .map((src, i) => ({ src, label: t('afterSales.evidence.image', { n: i + 1 }) }))
    .filter((image) => !broken.has(image.src));

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
      <legend>{t('afterSales.evidence.legend')}</legend>
      <div className="field-row">
        <label htmlFor={inputId}>{t('afterSales.evidence.url')}</label>
        <input
          id={inputId}
          type="url"
          inputMode="url"
          value={typed}
          placeholder={HTTPS}
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
        <Button onClick={add} disabled={!canAdd}>
          {t('afterSales.evidence.add')}
        </Button>
      </div>
      <p id={problemId} className={problem ? 'field-problem' : 'muted'} aria-live="polite">
        {problem ?? t('afterSales.evidence.hint')}
      </p>
      {urls.length > 0 && (
        <ol className="evidence-list" aria-label={t('afterSales.evidence.list')}>
          {urls.map((url, i) => (
            <li key={url} id={`${inputId}-item-${i}`} tabIndex={0} onKeyDown={onItemKey(i)}>
              {broken.has(url) ? (
                <span className="evidence-thumb evidence-thumb-broken">{t('afterSales.evidence.noPreview')}</span>
              ) : (
                <button
                  type="button"
                  className="evidence-open"
                  title={t('images.openLarger', { url })}
                  onClick={() => setOpen(shown.findIndex((s) => s.src === url))}
                >
                  <img
                    className="evidence-thumb"
                    src={url}
                    alt={t('afterSales.evidence.image', { n: i + 1 })}
                    referrerPolicy="no-referrer"
                    onError={() => setBroken(new Set([...broken, url]))}
                  />
                </button>
              )}
              <span className="evidence-url">{url}</span>
              <span className="evidence-buttons">
                <Button
                  variant="tertiary"
                  size="sm"
                  icon={ArrowUp}
                  label={t('afterSales.evidence.up', { n: i + 1 })}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                />
                <Button
                  variant="tertiary"
                  size="sm"
                  icon={ArrowDown}
                  label={t('afterSales.evidence.down', { n: i + 1 })}
                  disabled={i === urls.length - 1}
                  onClick={() => move(i, 1)}
                />
                <Button
                  variant="tertiary"
                  size="sm"
                  icon={Trash2}
                  label={t('afterSales.evidence.remove', { n: i + 1 })}
                  onClick={() => onChange(removeItem(urls, i))}
                />
              </span>
            </li>
          ))}
        </ol>
      )}
      <Lightbox images={shown} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
    </fieldset>
  );
}
