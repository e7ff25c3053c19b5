import { Rows3, Rows4 } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { useAppStore } from '../../stores/appStore';

/** Comfortable (44 px) or compact (40 px) rows, for every list; pressed means compact. */
export function DensityToggle() {
  const density = useAppStore((s) => s.density);
  const compact = density === 'compact';
  return (
    <Button
      variant="tertiary"
      size="sm"
      icon={compact ? Rows4 : Rows3}
      label="Compact rows"
      aria-pressed={compact}
      onClick={() => useAppStore.getState().setDensity(compact ? 'comfortable' : 'compact')}
    />
  );
}
