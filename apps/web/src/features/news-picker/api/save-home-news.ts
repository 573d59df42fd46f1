import type { NewsItem } from '@papo/contract/home';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** `PUT /api/homeNews`: the ticked results become the home page's quick news for a language (decision 017). */
function saveHomeNews({ lang, items }: { lang: string; items: NewsItem[] }): Promise<{ count: number }> {
  return apiFetch<{ count: number }>('/api/homeNews', {
    method: 'PUT',
    json: { lang, items: items.map((item) => ({ title: item.title, link: item.link, snippet: item.snippet, image: item.pagemap.cse_image[0]?.src ?? null })) },
  });
}

export function useSaveHomeNews() {
  return useMutation({ mutationFn: saveHomeNews });
}
