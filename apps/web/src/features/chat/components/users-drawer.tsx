import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { UserList } from './user-list';

/** Below `sm` there is no right-hand panel: the channel header's Users button opens the list here. */
export function UsersDrawer({ channel, count, onClose }: { channel: string; count: number; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog sheet title={t('userList.heading', { channel, count })} onClose={onClose} testId="users-drawer">
      <div className="-mx-5">
        <UserList channel={channel} onActed={onClose} />
      </div>
    </Dialog>
  );
}
