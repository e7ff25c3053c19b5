import * as RadixDialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/t';
import { Button } from './Button';
import './Lightbox.css';

export interface LightboxImage {
  /** An address the caller already decided may load (the image hosts check: `orderView/imageUrl.ts`). */
  src: string;
  /** What the image is ("Delivery 1 screenshot, image 2 of 3"): the dialog's title and the image's alt text. */
  label: string;
}

/**
 * Images at full size, one at a time, in a modal dialog (Radix Dialog: focus moves in and stays inside, the page
 * behind is hidden from assistive technology, Esc closes; focus returns to the thumbnail that opened it).
 * ←/→ show the previous / next image. Radix's overlay is not used: it locks scrolling with an injected <style>,
 * which the app's CSP (style-src 'self') refuses — the content draws its own backdrop instead. Every image is
 * loaded with no referrer, from the address the thumbnail used.
 */
export function Lightbox({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: readonly LightboxImage[];
  /** The image shown, or null when the lightbox is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const t = useT();
  // The element that had focus when the lightbox opened (the thumbnail): Radix returns focus to a Trigger only.
  const opener = useRef<HTMLElement | null>(null);
  const open = index !== null && images[index] !== undefined;
  const shown = open ? images[index] : undefined;
  const count = images.length;
  const go = (delta: -1 | 1) => {
    if (index === null || count < 2) return;
    onIndexChange((index + delta + count) % count);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(-1);
    else if (e.key === 'ArrowRight') go(1);
    else return;
    e.preventDefault();
  };
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Content
          className="lightbox"
          onKeyDown={onKeyDown}
          onOpenAutoFocus={(e) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            // Focus on the dialog itself, not its first button: that button's tooltip would open and take the
            // first Esc (the arrows and Esc work from here; Tab reaches the buttons).
            e.preventDefault();
            (e.currentTarget as HTMLElement | null)?.focus();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
        >
          <div className="lightbox-bar">
            <RadixDialog.Title className="lightbox-title">{shown?.label}</RadixDialog.Title>
            <RadixDialog.Description className="lightbox-position">
              {count > 1 && index !== null ? t('lightbox.position', { n: index + 1, count }) : t('lightbox.hint')}
            </RadixDialog.Description>
            <Button variant="tertiary" icon={X} label={t('common.close')} onClick={onClose} />
          </div>
          <div className="lightbox-stage">
            {count > 1 && (
              <Button
                variant="secondary"
                icon={ChevronLeft}
                label={t('lightbox.previous')}
                className="lightbox-nav"
                onClick={() => go(-1)}
              />
            )}
            {shown && (
              <img
                key={shown.src}
                className="lightbox-image"
                src={shown.src}
                alt={shown.label}
                referrerPolicy="no-referrer"
              />
            )}
            {count > 1 && (
              <Button
                variant="secondary"
                icon={ChevronRight}
                label={t('lightbox.next')}
                className="lightbox-nav"
                onClick={() => go(1)}
              />
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
