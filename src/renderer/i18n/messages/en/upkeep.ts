/** The cache's background upkeep in the frame (reading every order back, checking the file) and how it ended. */
export default {
  'upkeep.label': 'Cache upkeep',
  'upkeep.convert': 'Converting the cache…',
  'upkeep.convertDetail':
    '{done, number} of {total, number} converted. Browsing and syncing go on meanwhile.',
  'upkeep.compact': 'Tidying the cache…',
  'upkeep.meanwhile': 'Browsing and syncing go on meanwhile.',
  'upkeep.scan': 'Checking the cache…',
  'upkeep.percent': '{percent, number, ::percent}',
  'upkeep.scanDetail':
    '{done, number} of {total, number} orders read back. Browsing and syncing go on meanwhile.',
  'upkeep.check': 'Checking the cache file…',
  'upkeep.checkDetail': 'Table {done, number} of {total, number} checked. Browsing and syncing go on meanwhile.',
  'upkeep.progress': 'Cache check progress',
  'upkeep.cancelName': 'Cancel the cache check',
  'upkeep.cancelling': 'Stopping…',
  'upkeep.cancelFailed': 'Could not stop the cache check: {message}',
  'upkeep.stopped': 'Cache check stopped. It runs again the next time the app opens the cache.',
  'upkeep.damagedBadge': '{count, plural, one {# damaged order} other {# damaged orders}}',
  'upkeep.damagedNext': 'The next sync fetches {count, plural, one {it} other {them}} again.',
  'upkeep.damagedDetail':
    'The cache check found {count, plural, one {# order} other {# orders}} it could not read back. The next sync fetches {count, plural, one {it} other {them}} again from the platform.',
  'upkeep.failedBadge': 'Cache check failed',
  'upkeep.failed': 'The cache check could not finish: the cache file may be damaged.',
  'upkeep.rebuild': 'Rebuild the cache…',
  'upkeep.dismiss': 'Dismiss',
} satisfies Record<string, string>;
