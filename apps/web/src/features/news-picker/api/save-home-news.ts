import type { SupportedLanguage } from '@papo/contract/auth';
import { homeRoutes } from '@papo/contract/browser-routes/home';
import { type HomeNewsSaved, type NewsItem } from '@papo/contract/home';
import { useMutation } from '@tanstack/react-query';
import { api, revisionTag } from '../../../lib/api';

/**
 * `PUT /api/homeNews`: the ticked results become the home page's quick news for a language (decision 017); the
 * version of the selection the picker read goes as If-Match, so a colleague's newer choice is never replaced unseen.
 */
function saveHomeNews({
  lang,
  items,
  revision,
}: {
  lang: SupportedLanguage;
  items: NewsItem[];
  revision: number;
}): Promise<HomeNewsSaved> {
  return api(homeRoutes.saveHomeNews, {
    body: {
      lang,
      items: items.map((item) => ({
        title: item.title,
        link: item.link,
        snippet: item.snippet,
        image: item.pagemap.cse_image[0]?.src ?? null,
      })),
    },
    ifMatch: revisionTag(revision),
  });
}

export function useSaveHomeNews() {
  return useMutation({ mutationFn: saveHomeNews });
}
