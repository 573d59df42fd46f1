import { chatLimits } from '@papo/contract/chat';
import { topicRefusal } from '@papo/contract/peace';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { messageText } from '../../../lib/api';
import { updateTopic } from '../api/update-topic';
import { errorKey, isForbidden } from '../lib/error-key';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { Dialog } from '../../../components/ui/dialog';
import { useChatStore } from '../store/chat-store';
import { MessageText } from './message-text';
import { PeaceNote } from './peace-note';

/** The topic dialog closes this long after a success (members-area §4, §9). */
export const topicCloseDelayMs = 2_000;

interface TopicDialogProps {
  channel: string;
  topic: string | null;
  onClose: () => void;
}

type Result = { tone: 'success' | 'error'; text: string };

/**
 * Topic input, Clear, Cancel and Save, and the result: green on success (then it closes), red otherwise.
 * Members the shared PEACE rule does not let set the topic read it, with a line saying why.
 */
export function TopicDialog(props: TopicDialogProps) {
  const level = useChatStore((state) => state.userChannelLevels[props.channel] ?? 0);
  return topicRefusal(level) ? <TopicReader {...props} level={level} /> : <TopicEditor {...props} />;
}

function TopicReader({ channel, topic, onClose, level }: TopicDialogProps & { level: number }) {
  const { t } = useTranslation();
  return (
    <Dialog sheet title={t('chat.topicDialog.title', { channel })} onClose={onClose} testId="topic-dialog">
      <div className="flex flex-col gap-3">
        <p data-testid="topic-current" className="break-words text-sm text-slate-800">
          {topic ? (
            <MessageText text={topic} nickname={null} />
          ) : (
            <span className="italic text-slate-600">{t('chat.noTopic')}</span>
          )}
        </p>
        <PeaceNote reasons={['topic']} channel={channel} level={level} />
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('dialog.close')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function TopicEditor({ channel, topic, onClose }: TopicDialogProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const countId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(topic ?? '');
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [closeAfterSuccess, setCloseAfterSuccess] = useState(false);

  // the latest onClose, so a parent re-rendering meanwhile does not restart the 2 s countdown.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  useEffect(() => {
    if (!closeAfterSuccess) return;
    const timer = window.setTimeout(() => onCloseRef.current(), topicCloseDelayMs);
    return () => window.clearTimeout(timer);
  }, [closeAfterSuccess]);

  const serverText = (message: string) => messageText(t, message, 'chatErrors');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || closeAfterSuccess) return;
    setSaving(true);
    setResult(null);
    try {
      const answer = await updateTopic(channel, value.trim());
      if (answer.status === 'success') {
        setResult({ tone: 'success', text: serverText(answer.message) });
        setCloseAfterSuccess(true);
      } else {
        setResult({ tone: 'error', text: serverText(answer.message) });
      }
    } catch (error) {
      // the spec's client answers a refusal with ChanServ's notice; other failures say what went wrong.
      setResult({
        tone: 'error',
        text: isForbidden(error)
          ? t('chanserv.notOperator')
          : t(errorKey(error), { defaultValue: t('chatErrors.request_failed') }),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      sheet
      title={t('chat.topicDialog.title', { channel })}
      onClose={onClose}
      initialFocus={inputRef}
      testId="topic-dialog"
    >
      <form onSubmit={save} className="flex flex-col gap-3">
        <div>
          <div className="mb-1 flex items-baseline justify-between gap-2">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
              {t('chat.topicDialog.label')}
            </label>
            <span id={countId} className="text-xs tabular-nums text-slate-600">
              {t('chat.topicDialog.count', { count: [...value].length, max: chatLimits.topic })}
            </span>
          </div>
          <input
            ref={inputRef}
            id={inputId}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            maxLength={chatLimits.topic}
            aria-describedby={countId}
            autoComplete="off"
            data-testid="topic-input"
            className={inputClass}
          />
        </div>
        {result && (
          <p
            role={result.tone === 'error' ? 'alert' : 'status'}
            data-testid="topic-result"
            data-tone={result.tone}
            className={clsx(
              'rounded-lg px-3 py-2 text-sm font-medium',
              result.tone === 'success' ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-700',
            )}
          >
            {result.text}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          <Button variant="secondary" onClick={() => setValue('')} className="mr-auto">
            {t('chat.topicDialog.clear')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('chat.topicDialog.cancel')}
          </Button>
          <Button type="submit" busy={saving} disabled={closeAfterSuccess}>
            {t('chat.topicDialog.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
