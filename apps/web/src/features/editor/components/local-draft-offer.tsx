import type { EditorArticle } from '@papo/contract/editor-articles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReloadOptions } from '../hooks/use-article-saves';
import { dropLocalDraft, readLocalDraft, type LocalDraft } from '../lib/local-draft';
import { Button } from '../../../components/ui/button';

/** Text typed here earlier and never saved (a tab closed before its save): offered back once, above the form. */
export function LocalDraftOffer({
  article,
  recovered,
  onReload,
}: {
  article: EditorArticle;
  /** The form holds a text already brought back: nothing more is offered. */
  recovered: boolean;
  onReload: (article: EditorArticle, options?: ReloadOptions) => void;
}) {
  const { t, i18n } = useTranslation();
  const [offer, setOffer] = useState<LocalDraft | null>(() => {
    if (recovered) return null;
    const kept = readLocalDraft(article.id || null);
    const differs =
      kept &&
      (kept.title !== article.title ||
        kept.description !== article.description ||
        kept.youtube !== (article.youtube ?? '') ||
        kept.content !== article.content);
    return differs ? kept : null;
  });
  if (!offer) return null;
  return (
    <div
      role="region"
      aria-labelledby="local-draft-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="local-draft"
    >
      <p id="local-draft-title">
        {t('editor.localDraft.text', {
          time: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
            new Date(offer.at),
          ),
        })}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          onClick={() => {
            setOffer(null);
            onReload(
              {
                ...article,
                title: offer.title,
                description: offer.description,
                youtube: offer.youtube || null,
                content: offer.content,
                revision: offer.revision,
              },
              { recovered: true },
            );
          }}
        >
          {t('editor.localDraft.recover')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            dropLocalDraft(article.id || null);
            setOffer(null);
          }}
        >
          {t('editor.localDraft.discard')}
        </Button>
      </div>
    </div>
  );
}
