import { useTranslation } from 'react-i18next';

interface TermsSection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function asSections(value: unknown): TermsSection[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is TermsSection =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.title === 'string' &&
      isStringList(item.paragraphs) &&
      (item.items === undefined || isStringList(item.items)),
  );
}

/** The terms of use, from the same texts as the /termos-de-uso page, sized for the modal. */
export function TermsText() {
  const { t } = useTranslation();
  const sections = asSections(t('terms.sections', { returnObjects: true }));
  return (
    <div className="text-sm leading-6 text-slate-700">
      <p>{t('terms.intro')}</p>
      {sections.map((section) => (
        <section key={section.title} className="mt-5">
          <h3 className="font-semibold text-slate-900">{section.title}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-2">
              {paragraph}
            </p>
          ))}
          {section.items && (
            <ul className="mt-2 list-disc space-y-1 pl-5 marker:text-emerald-700">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
