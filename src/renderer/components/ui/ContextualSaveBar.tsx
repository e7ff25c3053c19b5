import { TriangleAlert } from 'lucide-react';
import { useT } from '../../i18n/t';
import { Button } from './Button';
import './ContextualSaveBar.css';

export interface ContextualSaveBarProps {
  /** The form holds edits that are not saved: the bar shows only then. */
  dirty: boolean;
  /** A save is under way: Save and Discard wait for it. */
  saving?: boolean;
  /** The edits cannot be saved as they are (the form says why at the field): Save waits for a correction. */
  invalid?: boolean;
  onDiscard(): void;
  /**
   * Without it Save submits the form the bar sits in (so Enter in a field saves too, and the form's own submit
   * handler runs); with it Save is a plain button that calls this.
   */
  onSave?(): void;
  /** A more precise name for Save ("Save labels"). */
  saveLabel?: string;
}

/**
 * The one "Unsaved changes" bar (Polaris' ContextualSaveBar): it appears while a form holds edits, with Discard and
 * Save for all of them at once, and stays in view at the bottom while the page scrolls. Its appearance is announced
 * politely through a status region that is always in the page (a live region added together with its text is not
 * read out reliably); the buttons are ordinary buttons in the form's tab order.
 */
export function ContextualSaveBar({
  dirty,
  saving = false,
  invalid = false,
  onDiscard,
  onSave,
  saveLabel,
}: ContextualSaveBarProps) {
  const t = useT();
  return (
    <>
      <span role="status" className="visually-hidden">
        {dirty ? t('saveBar.unsaved') : ''}
      </span>
      {dirty && (
        <div className="contextual-save-bar" role="group" aria-label={t('saveBar.unsaved')} aria-busy={saving}>
          <span className="contextual-save-bar-message" aria-hidden="true">
            <TriangleAlert className="contextual-save-bar-icon" size={16} aria-hidden="true" />
            {t('saveBar.unsaved')}
          </span>
          <Button variant="secondary" onClick={onDiscard} disabled={saving}>
            {t('saveBar.discard')}
          </Button>
          <Button variant="primary" type={onSave ? 'button' : 'submit'} onClick={onSave} disabled={saving || invalid}>
            {saving ? t('saveBar.saving') : (saveLabel ?? t('saveBar.save'))}
          </Button>
        </div>
      )}
    </>
  );
}
