import { Children, useMemo, type ReactNode } from 'react';
import type { PrimitiveType } from 'react-intl';
import type { MessageId } from './catalogs';
import { useLocaleStore } from './localeStore';

/**
 * How renderer code says anything to the merchant: `const t = useT(); t('orders.title')`, or `t('orders.count',
 * { count })` for ICU arguments (plurals, numbers). IDs are checked by the compiler (`MessageId`), the catalogs by
 * `i18n/catalogs.test.ts`. Components that call `useT` re-render when the language changes.
 */
export type Values = Record<string, PrimitiveType>;
export type Translate = (id: MessageId, values?: Values) => string;

function translator(intl: ReturnType<typeof useLocaleStore.getState>['intl']): Translate {
  return (id, values) => intl.formatMessage({ id }, values);
}

export function useT(): Translate {
  const intl = useLocaleStore((s) => s.intl);
  return useMemo(() => translator(intl), [intl]);
}

/** The same outside React (stores, row models, the palette's commands): the language in force now. */
export function translate(id: MessageId, values?: Values): string {
  return translator(useLocaleStore.getState().intl)(id, values);
}

/**
 * A message with elements inside it: `<Msg id="orders.empty" values={{ link: (text) => <a …>{text}</a> }} />` for
 * "No orders yet. <link>Sync now</link>." — the words stay in one message, so a language can reorder them.
 */
export function Msg({
  id,
  values,
}: {
  id: MessageId;
  values?: Record<string, PrimitiveType | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;
}) {
  const intl = useLocaleStore((s) => s.intl);
  const message: ReactNode = intl.formatMessage({ id }, values as Record<string, PrimitiveType>);
  return <>{Array.isArray(message) ? Children.toArray(message) : message}</>;
}

/** The space between two sentences or parts (JSX drops the whitespace around a line break); not a word to translate. */
export const SPACE = ' ';
