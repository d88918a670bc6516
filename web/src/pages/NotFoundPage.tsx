import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('not_found.title'));
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('not_found.title')}</h1>
      <Link to="/" className="text-emerald-700 underline">
        {t('not_found.home')}
      </Link>
    </div>
  );
}
