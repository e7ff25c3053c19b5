import { Rows3, Rows4 } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { useT } from '../../i18n/t';
import { useAppStore } from '../../stores/appStore';

/** Comfortable (44 px) or compact (40 px) rows, for every list; pressed means compact. */
export function DensityToggle() {
  const t = useT();
  const density = useAppStore((s) => s.density);
  const compact = density === 'compact';
  return (
    <Button
      variant="tertiary"
      size="sm"
      icon={compact ? Rows4 : Rows3}
      label={t('design.density.compact')}
      aria-pressed={compact}
      onClick={() => useAppStore.getState().setDensity(compact ? 'comfortable' : 'compact')}
    />
  );
}
