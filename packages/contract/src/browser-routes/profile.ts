// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of profile.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../profile.js';

export const nicknameRoutes: BrowserRoutes<typeof definitions.nicknameRoutes> = {
  list: { method: 'GET', path: '/api/nicknames', auth: 'member' },
  add: { method: 'POST', path: '/api/nicknames', auth: 'member', body: 'json' },
  remove: { method: 'DELETE', path: '/api/nicknames/:id', auth: 'member' },
  select: { method: 'POST', path: '/api/select-nickname', auth: 'member', body: 'json' },
};

export const profileRoutes: BrowserRoutes<typeof definitions.profileRoutes> = {
  profile: { method: 'GET', path: '/api/userprofile', auth: 'member' },
  updateGender: { method: 'POST', path: '/api/update-gender', auth: 'member', body: 'json' },
  updateLanguage: { method: 'POST', path: '/api/update-language', auth: 'member', body: 'json' },
  updateWelcomeMessage: { method: 'POST', path: '/api/update-welcome-message', auth: 'member', body: 'json' },
  updateBirthday: { method: 'POST', path: '/api/update-birthday', auth: 'member', body: 'json' },
  updateInstagram: { method: 'POST', path: '/api/update-instagram', auth: 'member', body: 'json' },
  updateYoutube: { method: 'POST', path: '/api/update-youtube', auth: 'member', body: 'json' },
  uploadPicture: { method: 'POST', path: '/api/upload-profile-picture', auth: 'member', body: 'multipart' },
};
