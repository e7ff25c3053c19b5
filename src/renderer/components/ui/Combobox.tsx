import { ChevronDown } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/t';

export interface ComboboxOption {
  value: string;
  label: string;
  /** More text matched by the filter (a code, another name), not shown. */
  keywords?: string;
}

/** Options containing every word typed, in any order, ignoring case and accents (é matches e). */
export function filterOptions(options: readonly ComboboxOption[], text: string): ComboboxOption[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
  const words = fold(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((o) => {
    const hay = fold(`${o.label} ${o.keywords ?? ''}`);
    return words.every((w) => hay.includes(w));
  });
}

/**
 * A filterable pick list (the WAI-ARIA combobox pattern, list autocomplete without inline completion): typing
 * narrows the options; ↓/↑ move the active option (aria-activedescendant: focus stays in the field), Enter picks
 * it, Escape closes the list (and clears the text when already closed), a click picks too. The list is drawn under
 * the field in the page (no portal, no injected style: the CSP), not a Radix Popover, whose focus handling would
 * take focus away from the field the pattern keeps it in. Picking calls `onPick` and empties the field, so one
 * combobox adds value after value.
 */
export function Combobox({
  label,
  options,
  onPick,
  placeholder,
}: {
  label: string;
  options: readonly ComboboxOption[];
  onPick(value: string): void;
  placeholder?: string;
}) {
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const shown = useMemo(() => filterOptions(options, text), [options, text]);
  const activeIndex = Math.min(active, shown.length - 1);
  const optionId = (i: number) => `${id}-option-${i}`;

  function pick(option: ComboboxOption | undefined) {
    if (!option) return;
    onPick(option.value);
    setText('');
    setActive(0);
    setOpen(false);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : shown.length - 1);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + shown.length) % Math.max(1, shown.length));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      pick(shown[activeIndex]);
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
      } else setText('');
    }
  }

  return (
    <div className="combobox">
      <label htmlFor={id} className="combobox-label">
        {label}
      </label>
      <div className="combobox-field">
        <input
          ref={input}
          id={id}
          role="combobox"
          type="text"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          placeholder={placeholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <button
          type="button"
          tabIndex={-1}
          className="combobox-toggle"
          aria-label={label}
          aria-controls={listId}
          aria-expanded={open}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            setOpen(!open);
            input.current?.focus();
          }}
        >
          <ChevronDown size={14} aria-hidden="true" />
        </button>
      </div>
      <ul id={listId} role="listbox" aria-label={label} className="combobox-list" hidden={!open}>
        {open && shown.length === 0 && (
          <li className="combobox-empty" role="presentation">
            {t('combobox.noMatch')}
          </li>
        )}
        {open &&
          shown.map((o, i) => (
            <li
              key={o.value}
              id={optionId(i)}
              role="option"
              aria-selected={i === activeIndex}
              className="combobox-option"
              // Before the field's blur: the pick happens with the list still there.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(o)}
              onMouseMove={() => setActive(i)}
            >
              {o.label}
            </li>
          ))}
      </ul>
    </div>
  );
}
