export type OrdersView = 'queue' | 'all';

const TABS: { view: OrdersView; label: string }[] = [
  { view: 'queue', label: 'À appeler' },
  { view: 'all', label: 'All orders' },
];

/** The queue of whom to call, or every order with the filters. */
export function ViewTabs({ view, onChange }: { view: OrdersView; onChange: (view: OrdersView) => void }) {
  return (
    <nav aria-label="Orders views" className="flex w-full gap-1 border-b border-slate-200 sm:w-auto">
      {TABS.map((tab) => (
        <button
          key={tab.view}
          type="button"
          aria-current={tab.view === view ? 'page' : undefined}
          onClick={() => onChange(tab.view)}
          className={`min-h-11 flex-1 whitespace-nowrap border-b-2 px-4 text-sm font-semibold sm:flex-none ${tab.view === view ? 'border-emerald-700 text-emerald-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
        >
          {tab.label}
        </button>
      ))}
    </nav>
  );
}
