import type { ScreenName } from '../../shared/screens';
import { useT } from './t';

/** A screen's title in the app's language (its heading; the navigation and the palette name it alike). */
export function ScreenTitle({ screen }: { screen: ScreenName }) {
  const t = useT();
  return <>{t(`screen.${screen}`)}</>;
}
