import type { Status } from '../types';
import { useTranslation } from 'react-i18next';

const TONES: Partial<Record<Status, string>> = {
  confirmé: 'bg-emerald-100 text-emerald-800',
  livrée: 'bg-emerald-100 text-emerald-800',
  annulée: 'bg-red-100 text-red-800',
  retour: 'bg-red-100 text-red-800',
  'pas de réponse': 'bg-amber-100 text-amber-800',
  reporté: 'bg-amber-100 text-amber-800',
  saisie: 'bg-sky-100 text-sky-800',
  'en cours de livraison': 'bg-sky-100 text-sky-800',
};

/** The status's label in the user's language; `testId` tells another order's status (the customer's other orders) from this one's. */
export function StatusBadge({ status, testId = 'status' }: { status: Status; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid={testId}
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${TONES[status] ?? 'bg-slate-100 text-slate-700'}`}
    >
      {t(`status.${status}`)}
    </span>
  );
}
