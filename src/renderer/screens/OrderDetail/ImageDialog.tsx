import { useT } from '../../i18n/t';
import { useEffect, useRef } from 'react';

/**
 * One order image, larger, in a modal dialog (the platform's `<dialog>`: focus moves in and back, Esc closes, the
 * page behind is inert). The image is the one the thumbnail already loaded: same https URL, no referrer.
 */
export function ImageDialog({ src, label, onClose }: { src: string; label: string; onClose: () => void }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);
  return (
    <dialog ref={ref} className="od-dialog" aria-label={label} onClose={onClose} onCancel={onClose}>
      <div className="od-dialog-bar">
        <strong>{label}</strong>
        <button type="button" onClick={onClose} autoFocus>
          {t('common.close')}
        </button>
      </div>
      <img className="od-dialog-image" src={src} alt={label} referrerPolicy="no-referrer" />
    </dialog>
  );
}
