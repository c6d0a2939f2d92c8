// biome-ignore-all lint/style/useFilenamingConvention: named after the BCP 47 locale tag whose strings it holds
import type { zhTW } from './zh-TW.ts';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Shell strings, English. The type keeps the keys identical to zh-TW.ts. */
export const enUS: Shape<typeof zhTW> = {
  app: { loading: 'Loading…', language: 'Language', languages: { 'zh-TW': '繁體中文', 'en-US': 'English' } },
  // Page titles (route.<name>) and menu group labels (menu.<group>) come from the feature descriptors (app/route-titles.ts).
  menu: {
    collapse: 'Collapse menu', expand: 'Expand menu', open: 'Open menu',
  },
  header: {
    organization: 'Organization', noOrganization: 'No organization', switchOrganization: 'Switch organization', switched: 'Switched to {{name}}',
    profile: 'Profile', signOut: 'Sign out', userMenu: 'User menu',
    theme: 'Appearance', themes: { system: 'Follow system', light: 'Light', dark: 'Dark' },
  },
  unsaved: {
    title: 'You have unsaved changes', content: 'If you leave this screen, the changes you have not saved will be lost.', leave: 'Leave without saving', stay: 'Stay and keep editing',
  },
  site: { defaultTitle: 'Construction Back Office' },
  footer: { support: 'Support: ', rights: 'All rights reserved' },
  signIn: {
    title: 'Sign in to the back office', subtitle: 'Construction company website administration', email: 'Email', password: 'Password',
    keepLogin: 'Keep me signed in', submit: 'Sign in', showPassword: 'Show password', hidePassword: 'Hide password',
    forgot: 'Forgot password?', otp: 'Sign in with an email code',
    recaptcha: { before: 'This site is protected by reCAPTCHA and the Google ', privacy: 'Privacy Policy', and: ' and ', terms: 'Terms of Service', after: ' apply.' },
    success: 'Signed in',
  },
  resetPassword: {
    title: 'Change password', intro: 'For your account’s safety, change the default password before you continue.',
    current: 'Current password', next: 'New password', confirm: 'Confirm new password', mismatch: 'The two passwords do not match',
    submit: 'Change password', success: 'Password changed',
  },
  strength: { label: 'Password strength', value: 'Password strength: {{value}}', strong: 'Strong', medium: 'Medium', weak: 'Weak', hint: 'A strong password has at least 8 characters with lowercase, uppercase, a digit and one of ! @ # $ % ^ & *' },
  overview: {
    title: 'Overview', welcome: 'Hello, {{name}}', whoAmI: 'My account', email: 'Email', name: 'Name', roles: 'Roles',
    noRoles: 'No roles', organization: 'Active organization', noOrganization: 'You do not belong to any organization yet',
    expiresAt: 'Signed in until', shortcuts: 'Screens you can open', noShortcuts: 'There is nothing you can open yet',
  },
  profile: {
    title: 'Profile', basic: 'Basic information', name: 'Name', email: 'Email', save: 'Save', saved: 'Saved',
    password: 'Change password', passwordChanged: 'Password changed; your other devices were signed out',
    dateCalendar: 'Dates', dateCalendarHelp: 'The calendar of date columns and date pickers; ROC (民國) dates can be typed too, e.g. 115/11/23 or 民國115年11月23日.',
    calendars: { gregorian: 'Gregorian (2026-11-23)', roc: 'ROC / 民國 (115/11/23)' },
  },
  devices: {
    title: 'Signed-in devices', device: 'Device', ip: 'IP address', createdAt: 'Signed in', lastSeenAt: 'Last used', current: 'This device',
    logout: 'Sign out this device', confirm: 'Sign out this device?', done: 'Device signed out', empty: 'No other signed-in devices', unknown: 'Unknown device',
  },
  placeholder: { title: '{{name}}: coming soon', description: 'This screen is being built and will appear here when it is ready.', back: 'Back to overview' },
  error: {
    whoops: 'Whoops, Error {{statusCode}}', back: 'Back',
    chunkTitle: 'The back office was updated', chunkContent: 'This screen has a newer version. Reload the page to load it.', reload: 'Reload page',
    offline: 'You are offline: what is shown may be out of date. Check your connection and try again.', overview: 'Go to overview', home: 'Go to home', stack: 'Stack trace',
    notFound: 'Page Not Found', notFoundPath: 'Page Not Found: {{path}}', forbidden: 'You do not have permission to open this screen', unknown: 'Something unexpected went wrong',
    serverFailTitle: 'Cannot reach the server', serverFailContent: 'The application settings failed to load. Reload the page in a moment or contact support.', retry: 'Reload',
    loadFailed: 'Loading failed', empty: 'No data',
  },
  session: {
    tokenInvalid: 'token invalid', tokenInvalidContent: 'Please sign in again', recaptchaFail: 'recaptcha verify fail', recaptchaFailContent: 'Reload the page and try again',
    signedOut: 'Signed out', createSession: 'Opening the page…', badPath: 'This path cannot be opened', open: 'Open',
  },
  copy: { button: 'Copy', success: 'copy successfully', successTitle: 'Copied', fail: 'Copy failed' },
  debug: {
    title: 'Debug information', version: 'Version', apiVersion: 'API version', size: 'Device size', mobile: 'Mobile', language: 'Language',
    debugMode: 'Debug mode', on: 'On', off: 'Off', yes: 'Yes', no: 'No', organization: 'Active organization', loggedIn: 'Signed in',
  },
  server: {
    'Bad Request': 'Bad request', Unauthorized: 'Please sign in', 'Invalid token': 'Your session has expired, please sign in again', 'Login fail': 'Wrong email or password',
    Forbidden: 'Forbidden', 'Fingerprint is required': 'The device id is missing', 'User permission denied': 'You do not have permission to do this',
    'Not Found': 'Not found', 'Not Acceptable': 'Not acceptable', Conflict: 'Conflict', 'Recaptcha verify fail': 'Bot check failed',
    'Too Many Requests': 'Too many attempts, try again later', 'Payload Too Large': 'The file is too large', 'Unprocessable Entity': 'The data cannot be processed',
    'Method Not Allowed': 'Not allowed', 'Internal Server Error': 'Server error', 'The server is busy processing other images; try again in a few seconds': 'The server is busy processing other images; try again in a few seconds', network: 'Cannot reach the server, check your connection',
  },
  validate: {
    error: {
      email_incorrect: 'The email address is not valid', text_too_less: 'At least {{n}} characters', required: 'This field is required',
      phone_number_incorrect: 'The phone number is not valid', invalid: 'Invalid format', password_incorrect: 'The password is wrong', password_change_required: 'Change your initial password first',
      digits: 'Digits only', forbidden_chars: 'Special characters are not allowed', image: 'Only png, jpg, jpeg and gif images', image_too_many_frames: 'The animated image has too many frames',
    },
  },
  common: { ok: 'OK', cancel: 'Cancel', save: 'Save', close: 'Close', yes: 'Yes', no: 'No', loading: 'Loading…', refresh: 'Reload' },
};
