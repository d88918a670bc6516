import { useTranslation } from 'react-i18next';
export type OrdersView = 'queue' | 'all';

const TABS: readonly OrdersView[] = ['queue', 'all'];

/** The queue of whom to call, or every order with the filters. */
export function ViewTabs({ view, onChange }: { view: OrdersView; onChange: (view: OrdersView) => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('views.label')} className="flex w-full gap-1 border-b border-slate-200 sm:w-auto">
      {TABS.map((tab) => (
        <button
          key={tab}
          type="button"
          aria-current={tab === view ? 'page' : undefined}
          onClick={() => onChange(tab)}
          className={`min-h-11 flex-1 whitespace-nowrap border-b-2 px-4 text-sm font-semibold sm:flex-none ${tab === view ? 'border-emerald-700 text-emerald-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
        >
          {t(`views.${tab}`)}
        </button>
      ))}
    </nav>
  );
}
