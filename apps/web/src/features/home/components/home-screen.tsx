import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { CategoryChips } from './category-chips';
import { Welcome } from './welcome';

/** Home `/`: what Papo is and a way into its channels. Further sections arrive with their features. */
export function HomeScreen() {
  const { t } = useTranslation();
  return (
    <div className="@container mx-auto flex max-w-5xl flex-col gap-8 sm:gap-10">
      <PageTitle title={t('home.title')} />
      <Welcome />
      <CategoryChips />
    </div>
  );
}
