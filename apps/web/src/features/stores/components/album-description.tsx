import type { AlbumDetail } from '@papo/contract/stores';
import { useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SaveOutcome } from '../../../components/save-outcome';
import { errorText } from '../../../lib/api';
import { staffKeys } from '../api/staff-keys';
import { suggestDescription } from '../api/suggest-description';

/** The generated description: offered while empty, then a disabled "Description Generated" and a link to the article. */
export function DescriptionSection({ album }: { album: AlbumDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const generated = album.articleId !== null || !album.isEmptyDescription;
  async function generate() {
    setBusy(true);
    setError(null);
    try {
      await suggestDescription(album.id);
      await queryClient.invalidateQueries({ queryKey: staffKeys.album(album.id) });
    } catch (e) {
      setError(errorText(t, e, 'stores.errors'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="description-title" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="description-title" className="text-lg font-semibold text-slate-900">
        {t('stores.description.title')}
      </h2>
      {album.description && (
        <p className="mt-2 text-slate-700" data-testid="store-description">
          {album.description}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button onClick={generate} disabled={generated} busy={busy} busyLabel={t('stores.description.generating')}>
          <Sparkles className="size-4" aria-hidden="true" />
          {t(generated ? 'stores.description.generated' : 'stores.description.generate')}
        </Button>
        {album.articleId !== null && (
          <Link to={`/editor/${album.articleId}`} className="text-sm font-medium text-emerald-800 underline">
            {t('stores.description.edit')}
          </Link>
        )}
      </div>
      {error && <SaveOutcome outcome={{ ok: false, text: error }} />}
    </section>
  );
}
