import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { editorPaths } from '../../../config/paths';

/** Content → category → cover; links only once the article exists (it has an id). */
export function EditorSteps({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const steps = [
    { label: t('editor.steps.content'), to: id ? editorPaths.content(id) : null },
    { label: t('editor.steps.category'), to: id ? editorPaths.category(id) : null },
    { label: t('editor.steps.cover'), to: id ? editorPaths.cover(id) : null },
  ];
  return (
    <nav aria-label={t('editor.steps.label')} className="mb-6">
      <ol className="flex flex-wrap gap-2 text-sm">
        {steps.map((step, index) => (
          <li key={step.label}>
            {step.to ? (
              <NavLink
                to={step.to}
                end
                className={({ isActive }) =>
                  clsx(
                    'inline-flex items-center gap-2 rounded-full border px-3 py-1.5 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
                    isActive ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                  )
                }
              >
                <span aria-hidden="true">{index + 1}</span>
                {step.label}
              </NavLink>
            ) : (
              <span aria-disabled="true" className="inline-flex items-center gap-2 rounded-full border border-slate-200 px-3 py-1.5 text-slate-400">
                <span aria-hidden="true">{index + 1}</span>
                {step.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
