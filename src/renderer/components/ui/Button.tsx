import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Tooltip } from './Tooltip';

export type ButtonVariant = 'primary' | 'secondary' | 'critical' | 'plain' | 'tertiary';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  ref?: Ref<HTMLButtonElement>;
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  /** An icon before the label (decorative: the label or `label` names the button). */
  icon?: LucideIcon;
  children?: ReactNode;
  /**
   * An icon-only button's accessible name: it becomes aria-label and a tooltip. Required when there are no children,
   * so no button is ever named by a glyph (↑, ×) alone.
   */
  label?: string;
};

/**
 * The one button: primary (the screen's main action), secondary (the default), critical (destructive), plain (a
 * link-like action inside text), tertiary (borderless, for toolbars). With `icon` and no children it is an icon
 * button named by `label`, with the same text as a tooltip.
 */
export function Button({
  ref,
  variant = 'secondary',
  size = 'md',
  icon: Icon,
  children,
  label,
  className,
  type = 'button',
  ...rest
}: Props) {
  const iconOnly = Icon !== undefined && (children === undefined || children === null);
  const classes = [
    'btn',
    `btn-${variant}`,
    size === 'sm' ? 'btn-sm' : '',
    iconOnly ? 'btn-icon-only' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const button = (
    <button ref={ref} type={type} className={classes} aria-label={iconOnly ? label : undefined} {...rest}>
      {Icon && <Icon className="btn-icon" aria-hidden="true" size={size === 'sm' ? 14 : 16} />}
      {children}
    </button>
  );
  return iconOnly && label ? <Tooltip content={label}>{button}</Tooltip> : button;
}
