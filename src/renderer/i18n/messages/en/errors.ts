/**
 * Errors by kind (src/shared/ipc/errorKinds.ts: ipcErrorKinds), in the app's language, with the values the error carries
 * (`code`: the platform's error code or "HTTP 503"; "none" when it has none). Known sub-kinds by code:
 * `error.<kind>.<code>`. The host's own English sentence is shown below, as the technical details.
 */
export default {
  'error.invalid-request': 'The app sent a request its host did not understand.',
  'error.refused': 'The host refused this window.',
  'error.unavailable': 'The app’s host cannot be reached.',
  'error.host-restarted': 'The order cache restarted while this was in progress.',
  'error.internal': 'Something went wrong in the app.',
  'error.invalid-input': 'Some values are not valid; nothing was sent.',
  'error.settings': 'The settings could not be read or saved.',
  'error.credentials': 'A token or key is missing or cannot be used; nothing was sent.',
  'error.keychain': 'The system keychain could not be used; nothing was sent.',
  'error.platform': 'The platform refused the request{code, select, none {} other { (code {code})}}.',
  'error.http': 'The platform answered with an error{code, select, none {} other { ({code})}}.',
  'error.not-found': 'Not found.',
  'error.network': 'Could not reach the platform. Check the URL and your connection.',
  'error.timeout': 'The platform did not answer in time. It may still have carried the request out.',
  'error.outcome-unknown': 'It is not known whether the platform carried this out. Nothing was sent again.',
  'error.protocol': 'The platform’s answer could not be understood.',
  'error.cache': 'The order cache could not be used.',
  'error.sync': 'The sync stopped. Orders already fetched are kept.',
  'error.check-failed': 'The check failed.',
  'error.io': 'A file could not be read or written.',
  'error.io.clipboard-no-display':
    'The app cannot reach your desktop’s clipboard from where it runs (no display). Use “Open in browser” instead.',
  'error.io.clipboard-failed': 'The system’s clipboard tool refused the link. Use “Open in browser”, or try again.',
  'error.io.browser-no-display':
    'The app cannot start your browser from where it runs (no display). Use “Copy login link” and paste it into your browser.',
  'error.io.browser-failed':
    'Your system’s browser could not be started. Use “Copy login link” and paste it into your browser.',
  'error.unexpected': 'Something unexpected went wrong.',
  'error.technicalDetails': 'Technical details (English): {message}',
};
