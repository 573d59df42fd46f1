import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/page-meta';
import { useBrandName } from '../../../lib/company';
import { siteOrigin } from '../../../lib/request-context';
import { organizationNode, websiteNode } from '../../../lib/site-structured-data';
import { CategoryChips } from './category-chips';
import { HomeChat } from './home-chat';
import { LatestArticle } from './latest-article';
import { NewUsers } from './new-users';
import { QuickNews } from './quick-news';
import { SurveyCard } from './survey-card';
import { TrendingStores } from './trending-stores';
import { Welcome } from './welcome';
import { Island } from '../../../islands/island';

/**
 * Home `/` (channel-style, public-site §2.4): welcome, the latest article, trending stores, quick news, the
 * message box, the survey and the newest members, then the channels. Each section loads on its own.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const brand = useBrandName();
  const origin = siteOrigin();
  const description = t('meta.home');
  return (
    <div className="@container mx-auto flex max-w-5xl flex-col gap-8 sm:gap-10">
      <PageMeta
        title={t('home.title')}
        description={description}
        path="/"
        structuredData={[websiteNode(origin, brand, description), organizationNode(origin, brand)]}
      />
      <Welcome />
      <div className="grid gap-4 @3xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <LatestArticle />
          <Island name="trending-stores" component={TrendingStores} props={{}} />
          <Island name="quick-news" component={QuickNews} props={{}} />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <Island name="home-chat" component={HomeChat} props={{}} />
          <Island name="survey" component={SurveyCard} props={{}} />
          <Island name="new-users" component={NewUsers} props={{}} />
        </div>
      </div>
      <CategoryChips />
    </div>
  );
}
