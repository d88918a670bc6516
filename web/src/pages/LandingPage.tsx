import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

const FEATURES = ['automated', 'time', 'integration'] as const;

export default function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('landing.title'));
  return (
    <div className="flex flex-col items-center gap-10 py-8 text-center">
      <section className="flex max-w-2xl flex-col items-center gap-5">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{t('landing.title')}</h1>
        <p className="text-lg text-slate-600">{t('landing.subtitle')}</p>
        <Link
          to="/register"
          className="rounded-md bg-emerald-700 px-6 py-3 text-lg font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2"
        >
          {t('landing.start')}
        </Link>
      </section>
      <section aria-label={t('landing.features')} className="grid w-full gap-4 sm:grid-cols-3">
        {FEATURES.map((feature) => (
          <article
            key={feature}
            className="rounded-lg border border-slate-200 bg-white p-6 text-start shadow-sm"
          >
            <h2 className="text-lg font-semibold">{t(`landing.${feature}.title`)}</h2>
            <p className="mt-2 text-slate-600">{t(`landing.${feature}.text`)}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
