import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';

// NOTE: members only; visitors never download it, and the server draws pages as a visitor sees them.
const ChatHost = lazy(() => import('../../features/chat/components/chat-host').then((m) => ({ default: m.ChatHost })));

/**
 * A member's chat outside any screen (open channels restored, unread counted, Alt+↑/↓ and Ctrl+K's switcher), on the
 * app's pages and, as an island woken for a member only, on public pages (decision 042).
 */
export function MemberChat() {
  const signedIn = useSession() !== null;
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <ChatHost />
    </Suspense>
  );
}
