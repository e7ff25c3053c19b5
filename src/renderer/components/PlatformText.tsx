import { shortened, visibleSegments } from '../format/platformText';
import { useT } from '../i18n/t';

/** How much of a clamped text reaches the DOM (the cell shows two lines of it; the full text is in its title). */
const CLAMPED_CHARS = 400;

/**
 * A string the platform supplied (from a buyer, through the platform), never trusted to behave:
 *  - always in its own `<bdi>` (bidi isolation): a U+202E in a buyer's name ends with the name instead of reversing
 *    the app's text after it ("(buyer ID …)");
 *  - `controls="visible"` (the default; IDs and names) shows invisible and format characters as "U+202E" marks, so
 *    two look-alike names or IDs can be told apart; free text (remarks, descriptions) keeps them, isolated;
 *  - `clamp` (list cells): at most two lines and a bounded width, the full text on hover (title) and in the detail
 *    view, so one long string cannot widen or lengthen a list. Unclamped text wraps anywhere rather than widening.
 */
export function PlatformText({
  value,
  controls = 'visible',
  clamp = false,
  className,
  composed = false,
}: {
  value: string;
  controls?: 'visible' | 'kept';
  clamp?: boolean;
  className?: string;
  /** The app's words around the platform's (an error message, an attention line): read left to right, as the app. */
  composed?: boolean;
}) {
  const shown = clamp ? shortened(value, CLAMPED_CHARS) : value;
  const t = useT();
  const classes = ['platform-text', clamp ? 'platform-clamp' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <bdi className={classes} title={clamp ? value : undefined} dir={composed ? 'ltr' : 'auto'}>
      {controls === 'kept'
        ? shown
        : visibleSegments(shown).map((s, i) =>
            'control' in s ? (
              <span key={i} className="control-char" title={t('common.invisibleChar', { code: s.control })}>
                {s.control}
              </span>
            ) : (
              s.text
            ),
          )}
    </bdi>
  );
}
