// No zod here: the web's shell reads these on every page (a signed-out tab's notice), and a runtime import of a
// module with schemas would pull zod into the first page's JavaScript.

/** Why a socket's sign-in ended: a logout or "sair" of this device, a password change or reset, a sign-out of every device, a role change, the account deleted. */
export const signOutReasons = [
  'logged_out',
  'password_changed',
  'signed_out_everywhere',
  'role_changed',
  'account_deleted',
] as const;

/** What `signed-out` carries. */
export interface SignOutAnswer {
  reason: (typeof signOutReasons)[number];
}
