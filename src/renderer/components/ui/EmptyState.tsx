import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a list shows when it has nothing: an icon, one sentence, and the action that gets the merchant further. */
export function EmptyState({
  icon: Icon,
  message,
  action,
  role = 'status',
}: {
  icon?: LucideIcon;
  message: ReactNode;
  /** The primary way forward (a Button). */
  action?: ReactNode;
  role?: 'status' | 'note';
}) {
  return (
    <div className="empty-state" role={role}>
      {Icon && <Icon className="empty-state-icon" aria-hidden="true" size={32} strokeWidth={1.5} />}
      <p className="empty-state-message">{message}</p>
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  );
}
