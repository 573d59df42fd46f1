import { lazy, Suspense } from 'react';

// loaded on its own, so visitors (no bell) never download the real-time client with the first route.
const LiveNotificationBell = lazy(() =>
  import('./live-notification-bell').then((m) => ({ default: m.LiveNotificationBell })),
);

/** The header's notification bell for a signed-in member; its place is kept while it loads, so nothing shifts. */
export function NotificationBell() {
  return (
    <Suspense fallback={<span aria-hidden="true" className="block size-9" />}>
      <LiveNotificationBell />
    </Suspense>
  );
}
