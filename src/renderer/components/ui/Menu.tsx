import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { LucideIcon } from 'lucide-react';
import type { ReactElement } from 'react';

export interface MenuAction {
  label: string;
  icon?: LucideIcon;
  onSelect: () => void;
  disabled?: boolean;
}

/**
 * A menu of actions from a button (Radix: arrow keys and type-ahead move, Enter runs, Escape closes and focus goes
 * back to the button). Not modal: a modal menu locks scrolling with an injected <style>, which the CSP refuses.
 */
export function Menu({
  trigger,
  actions,
  align = 'end',
}: {
  trigger: ReactElement;
  actions: readonly MenuAction[];
  align?: 'start' | 'center' | 'end';
}) {
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className="popover menu-list" align={align} sideOffset={6} collisionPadding={8}>
          {actions.map(({ label, icon: Icon, onSelect, disabled }) => (
            <RadixMenu.Item key={label} className="menu-item" onSelect={onSelect} disabled={disabled}>
              {Icon && <Icon size={16} aria-hidden="true" />}
              {label}
            </RadixMenu.Item>
          ))}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
