import { useCallback, useRef, useState, type FormEvent } from 'react';

/** Plain data (what a settings form edits) compares by its JSON. */
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface ContextualSave<T> {
  /** What the form shows: the stored value with the merchant's edits. */
  draft: T;
  setDraft(update: T | ((draft: T) => T)): void;
  /** The draft says something other than the stored value. */
  dirty: boolean;
  /** A save is under way (from the submit until its promise settles). */
  saving: boolean;
  /** Back to the stored value. */
  discard(): void;
  /** The form's onSubmit: saves the draft unless it is clean or a save is under way. */
  submit(event?: FormEvent): void;
  /** What ContextualSaveBar needs: `<ContextualSaveBar {...save.bar} />`. */
  bar: { dirty: boolean; saving: boolean; onDiscard(): void };
}

/**
 * The state behind a form with a ContextualSaveBar: a draft of the stored value, whether it differs (by value, not
 * identity, or by `same` when the form knows better), Discard, and a submit that runs `save` once at a time. A form
 * remounts (React key) on a new stored value, so the draft starts from what was saved.
 */
export function useContextualSave<T>(
  stored: T,
  save: (draft: T) => Promise<unknown> | void,
  options: { same?: (stored: T, draft: T) => boolean; onDiscard?(): void } = {},
): ContextualSave<T> {
  const [draft, setDraft] = useState<T>(stored);
  const [saving, setSaving] = useState(false);
  // A second Enter while the first save is in flight must not send it twice (state updates are not yet visible).
  const inFlight = useRef(false);
  const dirty = !(options.same ?? sameJson)(stored, draft);
  const { onDiscard } = options;
  const discard = useCallback(() => {
    setDraft(stored);
    onDiscard?.();
  }, [stored, onDiscard]);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!dirty || inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    void Promise.resolve()
      .then(() => save(draft))
      .finally(() => {
        inFlight.current = false;
        setSaving(false);
      });
  };
  return { draft, setDraft, dirty, saving, discard, submit, bar: { dirty, saving, onDiscard: discard } };
}
