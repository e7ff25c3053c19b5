import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';

const DELAY_MS = 400;

/**
 * A label shown on hover and on keyboard focus (Radix: Escape closes it, it is announced as the trigger's
 * description). The trigger must be focusable (a button, a link). Each tooltip brings its own provider, so a
 * component that uses one renders anywhere (a test, a portal) without an app-level wrapper. In long virtualized lists
 * cells use `title` instead: one tooltip root per cell would cost each row's render.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
}: {
  content: ReactNode;
  children: ReactElement;
  side?: 'top' | 'bottom' | 'left' | 'right';
}) {
  return (
    <RadixTooltip.Provider delayDuration={DELAY_MS}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="tooltip" side={side} sideOffset={6} collisionPadding={8}>
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
