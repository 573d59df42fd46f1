import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { useLearnMoreTab } from '../../../components/learn-more-slot';
import { PanelTabs } from '../../../components/panel-tabs';
import { LevelTab } from './level-tab';
import { OperatorBans } from './operator-bans';
import { UserList } from './user-list';

type SheetTab = 'users' | 'level' | 'learnMore';

/**
 * Below `sm` there is no right-hand panel: the channel header's Users button opens its tabs here
 * (Users, Your level, Learn more), so a phone reaches all three.
 */
export function UsersDrawer({ channel, count, onClose }: { channel: string; count: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [active, setActive] = useState<SheetTab>('users');
  const LearnMoreTab = useLearnMoreTab();
  const tabs: { id: SheetTab; label: string; content: ReactNode }[] = [
    {
      id: 'users',
      label: t('rightPanel.tabs.users'),
      content: (
        <>
          <UserList channel={channel} onActed={onClose} />
          <OperatorBans channel={channel} />
        </>
      ),
    },
    { id: 'level', label: t('rightPanel.tabs.level'), content: <LevelTab /> },
  ];
  if (LearnMoreTab)
    tabs.push({
      id: 'learnMore',
      label: t('rightPanel.tabs.learnMore'),
      content: (
        <Suspense fallback={null}>
          <LearnMoreTab />
        </Suspense>
      ),
    });
  return (
    <Dialog sheet title={t('userList.heading', { channel, count })} onClose={onClose} testId="users-drawer">
      <div className="-mx-5 -mt-2">
        <PanelTabs label={t('rightPanel.label')} tabs={tabs} active={active} onChoose={setActive} />
      </div>
    </Dialog>
  );
}
