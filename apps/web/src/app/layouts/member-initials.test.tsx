import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { MemberPicturesAnswer } from '@papo/contract/member-pictures';
import { describe, expect, it } from 'vitest';
import { ConversationTabs } from '../../features/conversations/components/conversation-tabs';
import { UserList } from '../../features/chat/components/user-list';
import { resetChatStore, setUserNickname, setUsers } from '../../features/chat/store/chat-store';
import { renderChat } from '../../features/chat/test/render-chat';
import { buildProfile } from '../../features/profile/test/fake-api';
import { json, mockApi, route } from '../../test/fake-api';
import { renderApp, signIn } from '../../test/render-app';

// the profile's name and the nickname start with different letters, so a circle that took the nickname's
// initials (the header's stored fallback, a list entry's name) instead of the profile's would show it.
const member = { id: 42, name: 'Clara Duarte', username: 'maria_silva' };

function serveMember() {
  return mockApi(
    route('GET', '/api/userprofile', () =>
      json(200, buildProfile({ ...member, profileImage: null, userInitials: 'CD' })),
    ),
    route('GET', '/api/member-pictures', (url) => {
      const members: MemberPicturesAnswer['members'] = {};
      if (url.searchParams.get('ids')?.split(',').includes(String(member.id)))
        members[String(member.id)] = { name: member.name, picture: null };
      return json(200, { members });
    }),
  );
}

describe('a member without a picture', () => {
  it('shows the same initials in the header, the user list and conversations as on the profile', async () => {
    signIn(['ROLE_USER'], member.username, member.id);
    serveMember();
    renderApp('/profile');
    const summary = await screen.findByRole('region', { name: member.name }, { timeout: 8000 });
    const onProfile = summary.querySelector('[aria-hidden="true"].rounded-full')?.textContent;
    expect(onProfile).toBe('CD');
    const header = await screen.findByRole('button', { name: 'Menu da conta' });
    await waitFor(() => expect(header).toHaveTextContent(onProfile ?? ''));
    cleanup();

    resetChatStore();
    setUserNickname(member.username);
    setUsers('barra', [{ id: member.id, nickname: member.username, level: 0 }]);
    renderChat(
      <>
        <UserList channel="barra" />
        <ConversationTabs
          conversations={[
            {
              id: 7,
              name: member.username,
              user: { id: member.id, name: member.name },
              lastMessageAt: null,
              unread: 0,
            },
          ]}
        />
      </>,
    );
    const inList = within(screen.getByTestId('user-list')).getByTestId('avatar');
    const inConversations = within(screen.getByTestId('pvt-tabs')).getByTestId('avatar');
    await waitFor(() => expect(inList).toHaveTextContent(onProfile ?? ''));
    await waitFor(() => expect(inConversations).toHaveTextContent(onProfile ?? ''));
  });
});
