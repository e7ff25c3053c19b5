import * as RadixPopover from '@radix-ui/react-popover';
import type { ReactElement, ReactNode } from 'react';

/**
 * A panel anchored to its trigger (Radix: focus moves in and back out, Escape and an outside click close it, it
 * stays within the window). Non-modal, so it needs no scroll lock (whose injected <style> the CSP would refuse).
 */
export function Popover({
  trigger,
  children,
  open,
  onOpenChange,
  align = 'start',
  label,
}: {
  trigger: ReactElement;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  align?: 'start' | 'center' | 'end';
  /** The panel's accessible name. */
  label: string;
}) {
  const control = open === undefined ? {} : { open, onOpenChange };
  return (
    <RadixPopover.Root {...control}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content className="popover" align={align} sideOffset={6} collisionPadding={8} aria-label={label}>
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

export const PopoverClose = RadixPopover.Close;
