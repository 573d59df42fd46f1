import type { HomeNewsSaved, NewsItem } from '@papo/contract/home';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, revisionTag } from '../../../lib/api';

/**
 * `PUT /api/homeNews`: the ticked results become the home page's quick news for a language (decision 017); the
 * version of the selection the picker read goes as If-Match, so a colleague's newer choice is never replaced unseen.
 */
function saveHomeNews({
  lang,
  items,
  revision,
}: {
  lang: string;
  items: NewsItem[];
  revision: number;
}): Promise<HomeNewsSaved> {
  return apiFetch<HomeNewsSaved>('/api/homeNews', {
    method: 'PUT',
    json: {
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
