import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

export function NotAllowedPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('not_allowed.title'));
  return (
    <div className="flex flex-col gap-4" data-testid="not-allowed">
      <h1 className="text-2xl font-bold">{t('not_allowed.title')}</h1>
      <p className="text-slate-600">{t('not_allowed.text')}</p>
      <Link to="/dashboard" className="text-emerald-700 underline">
        {t('not_allowed.back')}
      </Link>
    </div>
  );
}
