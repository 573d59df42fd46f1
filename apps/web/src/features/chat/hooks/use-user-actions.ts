import type { OnlineUser } from '@papo/contract/socket-events';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast';
import { addConversation } from '../api/add-conversation';
import type { UserAction } from '../components/user-menu';
import { insertMention, openDialog } from '../store/chat-store';

/** What each entry of the user menu does: Mention, PVT, Whois and ChanServ (members-area §2). */
export function useUserActions(channel: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();

  return useCallback(
    (user: OnlineUser, action: UserAction) => {
      switch (action) {
        case 'mention':
          insertMention(channel, user.nickname);
          break;
        case 'pvt':
          addConversation({ id: user.id }).then(
            (id) => navigate(`/pvt/${id}`),
            () => toast.show({ message: t('userList.pvtFailed', { nickname: user.nickname }), tone: 'error' }),
          );
          break;
        case 'whois':
          openDialog({ kind: 'whois', nickname: user.nickname });
          break;
        case 'chanserv':
          openDialog({ kind: 'chanserv', user, channel });
          break;
      }
    },
    [channel, navigate, toast, t],
  );
}
