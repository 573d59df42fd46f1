/**
 * Files that still render a raw `<button>` (eslint/raw-button.js): parts of the chat, the private conversations, the
 * layouts and the panel tabs. Each leaves the list as it moves to `<Button>`, and the rule fails on a listed file that
 * no longer needs to be here. The goal is an empty list.
 */
export const rawButtonAllow = [
  'apps/web/src/app/layouts/header.tsx',
  'apps/web/src/app/layouts/mini-player-bar.tsx',
  'apps/web/src/app/layouts/route-error.tsx',
  'apps/web/src/app/layouts/top-nav.tsx',
  'apps/web/src/app/layouts/user-menu.tsx',
  'apps/web/src/components/panel-tabs.tsx',
  'apps/web/src/features/chat/components/channel-header.tsx',
  'apps/web/src/features/chat/components/channel-tabs.tsx',
  'apps/web/src/features/chat/components/chanserv-dialog.tsx',
  'apps/web/src/features/chat/components/message-input.tsx',
  'apps/web/src/features/chat/components/message-line.tsx',
  'apps/web/src/features/chat/components/message-list.tsx',
  'apps/web/src/features/chat/components/removal-notice.tsx',
  'apps/web/src/features/chat/components/result-dialog.tsx',
  'apps/web/src/features/chat/components/topic-dialog.tsx',
  'apps/web/src/features/chat/components/topic-line.tsx',
  'apps/web/src/features/chat/components/user-list.tsx',
  'apps/web/src/features/chat/components/user-menu.tsx',
  'apps/web/src/features/conversations/components/block-control.tsx',
  'apps/web/src/features/conversations/components/conversation-view.tsx',
  'apps/web/src/features/conversations/components/message-bubble.tsx',
  'apps/web/src/features/conversations/components/message-composer.tsx',
  'apps/web/src/features/conversations/components/message-list.tsx',
];
