import { useTranslation } from 'react-i18next';

/** A category's name in the reader's language (the server sends a stable key). */
export function useCategoryName(key: string | null): string {
  const { t } = useTranslation();
  return key ? t(`articles.categories.${key}`, { defaultValue: '' }) : '';
}
