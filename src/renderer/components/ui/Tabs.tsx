import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

/**
 * Tabs over panels (Radix: arrow keys move between tabs, each tab controls its panel). For a row of saved views
 * that set filters (no panels of their own) the lists use `ViewTabs`' pressed buttons instead.
 */
export function Tabs({
  value,
  onValueChange,
  label,
  tabs,
  children,
}: {
  value: string;
  onValueChange: (value: string) => void;
  label: string;
  tabs: readonly { value: string; label: ReactNode }[];
  children: ReactNode;
}) {
  return (
    <RadixTabs.Root className="tabs" value={value} onValueChange={onValueChange}>
      <RadixTabs.List className="tabs-list" aria-label={label}>
        {tabs.map((t) => (
          <RadixTabs.Trigger key={t.value} value={t.value} className="tab">
            {t.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {children}
    </RadixTabs.Root>
  );
}

export const TabPanel = RadixTabs.Content;
