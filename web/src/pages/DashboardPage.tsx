import { Link } from 'react-router';
import { useMe } from '../features/auth/api';
import { QueueSummary } from '../features/orders/components/QueueSummary';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

const CARDS = [
  { key: 'orders', to: '/orders', ownerOnly: false },
  { key: 'link_store', to: '/link-store', ownerOnly: true },
  { key: 'statistics', to: '/statistics', ownerOnly: true },
  { key: 'confirmateurs', to: '/confirmateurs', ownerOnly: true },
  { key: 'delivery_company', to: '/delivery-company', ownerOnly: true },
] as const;

export default function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.title'));
  const { user } = useSession();
  // Checks the stored token with the server: an expired one signs the user out.
  const { data: me } = useMe();
  const isOwner = (me?.type ?? user?.type) === 'owner';

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('dashboard.title')}</h1>
      {user && !isOwner && <QueueSummary />}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('dashboard.title')}>
        {CARDS.filter((card) => isOwner || !card.ownerOnly).map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              data-testid="dashboard-card"
              className="block h-full rounded-lg border border-slate-200 bg-white p-6 shadow-sm hover:border-emerald-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
            >
              <h2 className="text-lg font-semibold">{t(`dashboard.${card.key}.title`)}</h2>
              <p className="mt-1 text-sm text-slate-600">{t(`dashboard.${card.key}.text`)}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
