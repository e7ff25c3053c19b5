import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { useT } from '../../i18n/t';

/**
 * A modal question before something that cannot be undone: the browser's own dialog (focus kept inside, Esc
 * cancels), Cancel focused first so Enter does not confirm by accident.
 */
export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useT();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id={titleId}>{props.title}</h2>
      <div className="confirm-dialog-body">{props.children}</div>
      <div className="settings-actions">
        {/* The safe choice has the focus when the dialog opens. */}
        <Button onClick={props.onCancel} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button variant="critical" onClick={props.onConfirm} disabled={props.busy}>
          {props.confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
