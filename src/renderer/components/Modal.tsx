import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native <dialog> (showModal): the page behind is inert, focus stays inside, Esc closes,
 * and focus returns to where it was when the dialog closes.
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** The id of the dialog's heading (its accessible name). */
  labelledBy: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      returnTo?.focus();
    };
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        // Esc: let React's state close it, so the effect above restores focus.
        e.preventDefault();
        onClose();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
