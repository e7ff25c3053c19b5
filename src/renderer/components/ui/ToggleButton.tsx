import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

export type ToggleLook = 'chip' | 'tab' | 'segment' | 'link';

const LOOK_CLASS: Record<ToggleLook, string> = {
  chip: 'toggle toggle-chip',
  tab: 'tab',
  segment: 'toggle toggle-segment',
  link: 'toggle toggle-link',
};

/**
 * A button that stays pressed (`aria-pressed`): a status chip of a filter, a saved view's tab, a range preset, a
 * chart's table switch. One look per use (chip, tab, segment, link), the pressed state drawn by the design system.
 */
export function ToggleButton({
  ref,
  pressed,
  look,
  className,
  type = 'button',
  children,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-pressed'> & {
  ref?: Ref<HTMLButtonElement>;
  pressed: boolean;
  look: ToggleLook;
  children?: ReactNode;
}) {
  return (
    <button
      ref={ref}
      type={type}
      aria-pressed={pressed}
      className={`${LOOK_CLASS[look]}${className ? ` ${className}` : ''}`}
      {...rest}
    >
      {children}
    </button>
  );
}
