import en from './messages/en';
import zhCN from './messages/zh-CN';
import type { Locale } from './locales';

/** Every message's ID: the English catalog is the reference (each other catalog must have exactly its keys). */
export type MessageId = keyof typeof en;
export type Catalog = Readonly<Record<MessageId, string>>;

/** One catalog per locale, ICU MessageFormat (plurals, selects, numbers, dates as arguments). */
export const catalogs: Readonly<Record<Locale, Catalog>> = { en, 'zh-CN': zhCN };
