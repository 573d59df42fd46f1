/*
 * A tab that ends its session and loads another page (the account deleted, signed out from elsewhere): between the
 * session's end and that load, the members' page still on screen must not send itself to /login. The router's
 * navigation there, a same-document one, would cancel the load under way and leave the tab on /login.
 */

let leaving = false;

/** Marks the page as leaving for `path` and loads it; call before the session ends. */
export function leavePageFor(path: string): void {
  leaving = true;
  location.assign(path);
}

/** Marks the page as about to be left (before the session ends, when something must happen before the load). */
export function startLeaving(): void {
  leaving = true;
}

/** Whether a full load of another page is under way. */
export function isLeaving(): boolean {
  return leaving;
}
