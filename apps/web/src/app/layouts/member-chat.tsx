import { lazy, Suspense, useEffect } from 'react';
import { onPageChange } from '../../islands/navigation';
import { useSession } from '../../lib/session';
import { showTotalInDocumentTitle } from '../../lib/unread-total';

// members only; visitors never download it, and the server draws pages as a visitor sees them.
const ChatHost = lazy(() => import('../../features/chat/components/chat-host').then((m) => ({ default: m.ChatHost })));

/**
 * A member's chat outside any screen (open channels restored, unread counted, Alt+↑/↓ and Ctrl+K's switcher), on the
 * app's pages and, as an island woken for a member only, on public pages (decision 042).
 */
export function MemberChat() {
  const signedIn = useSession() !== null;
  // the app's pages put the total in their React `<title>`; a public page's title is the server's.
  useEffect(
    () =>
      signedIn && document.documentElement.hasAttribute('data-islands')
        ? showTotalInDocumentTitle(onPageChange)
        : undefined,
    [signedIn],
  );
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <ChatHost />
    </Suspense>
  );
}
