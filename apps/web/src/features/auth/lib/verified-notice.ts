/**
 * After the code step the login screen greets the member (members-area §4): the flag and the username
 * wait in localStorage across the navigation, and the login screen clears both once shown.
 */
const flagKey = 'verified';
const usernameKey = 'username';

export interface VerifiedNotice {
  username: string;
}

export function storeVerifiedNotice(username: string) {
  localStorage.setItem(flagKey, 'true');
  localStorage.setItem(usernameKey, username);
}

export function readVerifiedNotice(): VerifiedNotice | null {
  if (localStorage.getItem(flagKey) !== 'true') return null;
  return { username: localStorage.getItem(usernameKey) ?? '' };
}

export function clearVerifiedNotice() {
  localStorage.removeItem(flagKey);
  localStorage.removeItem(usernameKey);
}
