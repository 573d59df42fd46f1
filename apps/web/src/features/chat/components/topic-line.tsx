import { Hash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TopicData } from '../api/latest-topic';
import { MessageText } from './message-text';
import { Button } from '../../../components/ui/button';

interface TopicLineProps {
  topic: TopicData | undefined;
  loading: boolean;
  failed: boolean;
  onOpen: () => void;
}

/** The topic line: the 'Topic' button opens the topic dialog; the topic's links are clickable. */
export function TopicLine({ topic, loading, failed, onOpen }: TopicLineProps) {
  const { t } = useTranslation();
  let text;
  if (loading) text = <span className="text-slate-600">{t('chat.topicLoading')}</span>;
  else if (failed) text = <span className="text-red-700">{t('chat.topicFailed')}</span>;
  else if (topic?.topic) text = <MessageText text={topic.topic} nickname={null} />;
  else text = <span className="italic text-slate-600">{t('chat.noTopic')}</span>;

  return (
    <div className="flex items-start gap-2 border-b border-slate-200 bg-white px-2 py-1.5 sm:px-3">
      <Button
        variant="plain"
        onClick={onOpen}
        data-testid="topic-button"
        className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold uppercase tracking-wide text-emerald-800 ring-1 ring-inset ring-emerald-200 hover:bg-emerald-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
      >
        <Hash className="size-3.5" aria-hidden="true" />
        {t('chat.topic')}
      </Button>
      <p
        data-testid="topic-text"
        className="line-clamp-3 min-w-0 flex-1 break-words pt-0.5 text-sm text-slate-800 sm:line-clamp-2"
      >
        {text}
        {topic?.topic && topic.topic_by && (
          <span className="text-xs text-slate-600"> — {t('chat.topicBy', { nickname: topic.topic_by })}</span>
        )}
      </p>
    </div>
  );
}
