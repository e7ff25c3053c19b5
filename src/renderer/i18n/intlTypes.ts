import type { MessageId } from './catalogs';

// react-intl checks every `formatMessage({ id })` and `<FormattedMessage id>` against the catalogs' IDs.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
