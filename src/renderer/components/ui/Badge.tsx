import { CircleAlert, CircleCheck, CircleDot, Info, OctagonAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export type Tone = 'neutral' | 'info' | 'success' | 'attention' | 'critical';

/** Each tone has its own shape as well as its colour, so a colour-blind merchant tells them apart too. */
const TONE_ICONS: Record<Tone, LucideIcon> = {
  neutral: CircleDot,
  info: Info,
  success: CircleCheck,
  attention: CircleAlert,
  critical: OctagonAlert,
};

/**
 * A status as a small pill: tone colour + icon + a short label on one line (it never wraps: a long label is cut with
 * an ellipsis and read in full from `title`). `title` also carries what the label leaves out (the raw status code).
 */
export function Badge({
  tone = 'neutral',
  children,
  title,
  icon,
  className,
}: {
  tone?: Tone;
  children: ReactNode;
  /** The full text on hover: the label, and the platform's code for it. */
  title?: string | undefined;
  /** Another icon than the tone's, or none (false). */
  icon?: LucideIcon | false;
  className?: string;
}) {
  const Icon = icon === false ? null : (icon ?? TONE_ICONS[tone]);
  return (
    <span className={`badge badge-${tone}${className ? ` ${className}` : ''}`} title={title}>
      {Icon && <Icon className="badge-icon" aria-hidden="true" size={12} strokeWidth={2.25} />}
      <span className="badge-label">{children}</span>
    </span>
  );
}
