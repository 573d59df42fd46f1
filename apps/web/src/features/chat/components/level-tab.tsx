import { useTranslation } from 'react-i18next';
import { useChatStore } from '../store/chat-store';
import { LevelTimeline } from './level-timeline';

/** The right-hand panel's Your level tab for the channel on screen. */
export function LevelTab() {
  const { t } = useTranslation();
  const channel = useChatStore((state) => state.currentChannel);
  const level = useChatStore((state) => (channel ? (state.userChannelLevels[channel] ?? 0) : 0));
  const hasNickname = useChatStore((state) => state.hasNickname);
  return (
    <div className="px-4 py-4">
      <h2 className="mb-4 text-xs font-semibold uppercase tracking-wide text-slate-600">
        {channel ? t('levels.headingIn', { channel }) : t('levels.heading')}
      </h2>
      <LevelTimeline level={level} hasNickname={hasNickname} />
    </div>
  );
}
