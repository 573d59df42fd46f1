import EmojiPicker, { EmojiStyle, type EmojiDataLoader, type PickerLabels } from 'emoji-picker-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

// each language's names and keywords are their own chunk, fetched with the picker, never before.
const datasets: Record<string, EmojiDataLoader> = {
  pt: () => import('emoji-picker-react/data/emojis-pt'),
  en: () => import('emoji-picker-react/data/emojis-en'),
  fr: () => import('emoji-picker-react/data/emojis-fr'),
  es: () => import('emoji-picker-react/data/emojis-es'),
};

/**
 * The emoji picker itself (emoji-picker-react), in the interface language and with the device's own
 * emoji (no images from a CDN). Loaded lazily by EmojiButton: nobody downloads it before opening it.
 */
export default function EmojiPanel({ onPick }: { onPick: (emoji: string) => void }) {
  const { t, i18n } = useTranslation();
  const labels = useMemo<Partial<PickerLabels>>(
    () => ({
      searchPlaceholder: t('emoji.search'),
      searchLabel: t('emoji.search'),
      searchClear: t('emoji.clear'),
      searchResultsNone: t('emoji.none'),
      searchResultsOne: t('emoji.one'),
      searchResultsMany: t('emoji.many'),
      categoryNavigation: t('emoji.categories'),
      loading: t('emoji.loading'),
      loadingError: t('emoji.loadingError'),
      retryLoading: t('emoji.retry'),
    }),
    [t],
  );
  const language = i18n.language.slice(0, 2);
  return (
    <EmojiPicker
      emojiStyle={EmojiStyle.NATIVE}
      emojiData={datasets[language] ?? datasets.pt}
      labels={labels}
      onEmojiClick={(data) => onPick(data.emoji)}
      previewConfig={{ showPreview: false }}
      skinTonesDisabled
      lazyLoadEmojis
      autoFocusSearch={false}
      width="min(20rem, calc(100vw - 5rem))"
      height={360}
    />
  );
}
