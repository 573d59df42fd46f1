import { articleRoutes } from '@papo/contract/browser-routes/article-schemas';
import { contactRoutes } from '@papo/contract/browser-routes/contact';
import { homeRoutes } from '@papo/contract/browser-routes/home';
import { publicStoreRoutes } from '@papo/contract/browser-routes/stores';
import type { Survey } from '@papo/contract/home';
import { surveyId } from '@papo/contract/survey-id';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { isLanguage } from '../../../lib/i18n';
import { retryServerErrors } from '../../../lib/retry';
import { useSession } from '../../../lib/session';

/** Query keys of the home page's sections; each section loads, fails and retries on its own. */
const homeKeys = {
  latestArticle: ['home', 'articleLast'] as const,
  latestStores: ['home', 'latestStores'] as const,
  latestUsers: ['home', 'latestUsers'] as const,
  survey: (user: string | null) => ['home', 'survey', user] as const,
  news: (lang: string | null, user: string | null) => ['home', 'news', lang, user] as const,
};

/** `GET /api/articleLast`: the newest published article; 404 when the blog is empty. */
export function useLatestArticle() {
  return useQuery({
    queryKey: homeKeys.latestArticle,
    queryFn: ({ signal }) => api(articleRoutes.latest, { signal }),
    retry: retryServerErrors,
  });
}

/** `GET /api/latestStores`: the newest published shops, the home page's trending stores. */
export function useLatestStores() {
  return useQuery({
    queryKey: homeKeys.latestStores,
    queryFn: ({ signal }) => api(publicStoreRoutes.latest, { signal }),
    retry: retryServerErrors,
  });
}

export function useLatestUsers() {
  return useQuery({
    queryKey: homeKeys.latestUsers,
    queryFn: ({ signal }) => api(homeRoutes.latestUsers, { signal }),
    retry: retryServerErrors,
  });
}

/**
 * `GET /api/news`: a member gets news in their own language (no parameter, public-site §2.4); a visitor
 * in the interface language kept locally.
 */
export function useNews() {
  const session = useSession();
  const { i18n } = useTranslation();
  const lang = session || !isLanguage(i18n.language) ? null : i18n.language;
  return useQuery({
    queryKey: homeKeys.news(lang, session?.username ?? null),
    queryFn: ({ signal }) => api(homeRoutes.news, { query: { lang: lang ?? undefined }, signal }),
    retry: retryServerErrors,
  });
}

/** `GET /api/survey` for this account or visitor (the visitor's cookie travels with the call). */
export function useSurvey() {
  const session = useSession();
  return useQuery({
    queryKey: homeKeys.survey(session?.username ?? null),
    queryFn: ({ signal }) => api(homeRoutes.survey, { signal }),
    retry: retryServerErrors,
    // the visitor's cookie is scoped to /api/survey, so a page request cannot carry it: the browser asks.
    meta: { serverRender: false },
  });
}

/** `POST /api/survey/vote`; the answer's counts become the survey's results at once. */
export function useVote() {
  const session = useSession();
  const queryClient = useQueryClient();
  const key = homeKeys.survey(session?.username ?? null);
  return useMutation({
    mutationFn: (optionIndex: number) => api(homeRoutes.vote, { body: { surveyId, optionIndex } }),
    onSuccess: (result) => {
      queryClient.setQueryData<Survey>(
        key,
        (survey) => survey && { ...survey, votedIndex: result.votedIndex, counts: result.counts },
      );
    },
  });
}

/** `POST /api/contact/chat`: the home page's message box, sent as the spec's anonymous placeholders. */
export function useHomeChat() {
  return useMutation({
    mutationFn: (message: string) =>
      api(contactRoutes.chat, { body: { name: 'Visitante', email: 'anonimo@papo.invalid', message } }),
  });
}
