/** Settings: its sections, the save bar, the General section. */
export default {
  'settings.sections': 'Settings sections',
  'settings.section.connection': 'Connection',
  'settings.section.profiles': 'Profiles',
  'settings.section.general': 'General',
  'settings.section.notifications': 'Notifications',
  'settings.section.labels': 'Status labels',
  'settings.section.signature': 'Signature',
  'settings.section.cache': 'Cache',
  'settings.section.about': 'About',

  'settings.leaveQuestion': 'Your changes to {section} are not saved. Leave without saving them?',
  'settings.saving': 'Saving…',
  'settings.saved': 'Saved.',
  'settings.notSaved': 'Not saved',

  'general.form': 'General settings',
  'general.polling': 'Checking for new orders ({profile})',
  'general.pollEvery': 'Check every (minutes)',
  'general.pollHelp':
    'While the app runs it asks the platform for changes this often (0.5 = every 30 seconds); Sync now fetches at once.',
  'general.app': 'App',
  'general.pollRange': 'Minutes from {min} (15 seconds) to {max} (one day).',
  'general.readFailed': 'Could not read the settings',
  'general.browserNote':
    'Served in your browser: the tray and starting at login belong to the desktop app, so they are not offered here.',
} satisfies Record<string, string>;
