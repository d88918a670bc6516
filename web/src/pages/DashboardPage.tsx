import { Link } from 'react-router';
import { useMe } from '../features/auth/api';
import { QueueSummary } from '../features/orders/components/QueueSummary';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

const CARDS = [
  { title: 'Orders', to: '/orders', text: 'Confirm, edit and follow your orders.', ownerOnly: false },
  { title: 'Link Store', to: '/link-store', text: 'Connect your YouCan store.', ownerOnly: true },
  {
    title: 'Statistics',
    to: '/statistics',
    text: 'Confirmation, delivery and return rates.',
    ownerOnly: true,
  },
  {
    title: 'Confirmateurs',
    to: '/confirmateurs',
    text: 'Add the agents who call your customers.',
    ownerOnly: true,
  },
  { title: 'Delivery Company', to: '/delivery-company', text: 'Your ZR Express accounts.', ownerOnly: true },
];

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useSession();
  // Checks the stored token with the server: an expired one signs the user out.
  const { data: me } = useMe();
  const isOwner = (me?.type ?? user?.type) === 'owner';

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      {user && !isOwner && <QueueSummary />}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Dashboard">
        {CARDS.filter((card) => isOwner || !card.ownerOnly).map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              data-testid="dashboard-card"
              className="block h-full rounded-lg border border-slate-200 bg-white p-6 shadow-sm hover:border-emerald-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
            >
              <h2 className="text-lg font-semibold">{card.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{card.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
