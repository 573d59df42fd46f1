import { useTranslation } from 'react-i18next';
import { WizardSteps } from '../../../components/wizard-steps';
import { editorPaths } from '../../../config/paths';

/** Content → category → cover; links only once the article exists (it has an id). */
export function EditorSteps({ id }: { id: number | null }) {
  const { t } = useTranslation();
  return (
    <WizardSteps
      label={t('editor.steps.label')}
      steps={[
        { label: t('editor.steps.content'), to: id ? editorPaths.content(id) : null },
        { label: t('editor.steps.category'), to: id ? editorPaths.category(id) : null },
        { label: t('editor.steps.cover'), to: id ? editorPaths.cover(id) : null },
      ]}
    />
  );
}
