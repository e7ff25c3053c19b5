import { useEffect, useId, useRef, useState } from 'react';
import { SCREEN_SEARCH } from '../../frame/screenFocus';
import { FieldError } from './FieldError';

/** How long typing waits before the list follows: short enough to feel instant, long enough not to query per key. */
export const TYPING_DEBOUNCE_MS = 150;

/**
 * A text filter: the list follows ~150 ms after the last key (the URL is replaced, not pushed, while typing);
 * Enter applies at once. When the value changes from outside (back/forward, a view), the field shows it.
 */
export function TextFilter({
  label,
  value,
  onCommit,
  error,
  hint,
  type = 'text',
  inputMode,
  className,
  screenSearch = false,
  compact = false,
  placeholder,
}: {
  label: string;
  value: string;
  onCommit(value: string): void;
  error?: string | undefined;
  hint?: string;
  type?: 'text' | 'search';
  inputMode?: 'numeric' | 'text';
  className?: string;
  /** The screen's search: `/` focuses it. */
  screenSearch?: boolean;
  /** In the filter bar: the label and hint are read out but not shown (the placeholder and an icon say it). */
  compact?: boolean;
  placeholder?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const timer = useRef<number | null>(null);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  // A value from outside (back/forward, a view, the merchant's own debounced commit) replaces the draft.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  useEffect(() => () => void (timer.current !== null && window.clearTimeout(timer.current)), []);

  const flush = (text: string) => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    commit.current(text);
  };

  return (
    <div className={`filter-field ${className ?? ''}`}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={draft}
        inputMode={inputMode}
        placeholder={placeholder}
        {...(screenSearch ? SCREEN_SEARCH : {})}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : '', hint ? `${id}-hint` : ''].join(' ').trim() || undefined}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          if (timer.current !== null) window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => flush(text), TYPING_DEBOUNCE_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') flush(draft);
        }}
      />
      {hint && (
        <span id={`${id}-hint`} className={compact ? 'visually-hidden' : 'filter-hint'}>
          {hint}
        </span>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
