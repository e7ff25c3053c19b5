/** Words every screen uses: statuses, the language setting. */
export default {
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.save': 'Save',
  'common.yes': 'Yes',
  'common.no': 'No',
  'time.justNow': 'just now',
  'common.invisibleChar': 'Invisible character {code}',
  'common.orderCount': '{count, plural, one {# order} other {# orders}}',

  'status.order.1': 'Awaiting payment',
  'status.order.2': 'Paid – awaiting delivery',
  'status.order.3': 'Delivering',
  'status.order.4': 'Completed',
  'status.order.5': 'Cancelled',
  'status.order.6': 'Refunded',
  'status.afterSales.0': 'None',
  'status.afterSales.1': 'Awaiting seller review',
  'status.afterSales.2': 'Refund approved',
  'status.afterSales.3': 'Refund rejected',
  'status.afterSales.4': 'Closed by buyer',
  'status.withCode': '{label} ({code})',

  'language.label': 'Language',
  'language.system': 'System ({language})',
  'language.help': 'The app’s language. “System” follows your computer’s language settings.',
  'language.saveFailed': 'Could not save the language',
} satisfies Record<string, string>;
