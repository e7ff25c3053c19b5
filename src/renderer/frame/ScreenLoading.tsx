import type { ScreenName } from '../../shared/screens';
import { Skeleton } from '../components/ui/Skeleton';
import { useT } from '../i18n/t';

/**
 * A screen whose code is still arriving (its chunk, the first time it is opened: screens/index.ts): the screen's
 * name in a status line and the shape of a page. It fades in after a moment (styles.css), so a chunk that arrives at
 * once shows no flash.
 */
export function ScreenLoading({ screen }: { screen: ScreenName }) {
  const t = useT();
  return (
    <section className="screen screen-loading" aria-busy="true">
      <p role="status">{t('frame.screenLoading', { screen: t(`screen.${screen}`) })}</p>
      <Skeleton lines={6} />
    </section>
  );
}
