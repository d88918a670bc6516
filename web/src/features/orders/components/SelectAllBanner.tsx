import { totalText } from '../format';

interface SelectAllBannerProps {
  loaded: number;
  selected: number;
  total: { count: number; exact: boolean };
  allMatching: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
}

/** Once every loaded order is picked, offers every order matching the filters, loaded or not. */
export function SelectAllBanner(props: SelectAllBannerProps) {
  const { loaded, selected, total, allMatching } = props;
  const matching = totalText(total.count, total.exact);
  if (!allMatching && (selected < loaded || total.count <= loaded)) return null;
  return (
    <div
      data-testid="select-all-banner"
      className="flex flex-wrap items-center gap-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900"
    >
      {allMatching ? (
        <>
          <span>All {matching} matching the filters are selected.</span>
          <button type="button" onClick={props.onClear} className="font-semibold underline">
            Clear selection
          </button>
        </>
      ) : (
        <>
          <span>The {loaded.toLocaleString('en-US')} loaded orders are selected.</span>
          <button type="button" onClick={props.onSelectAllMatching} className="font-semibold underline">
            Select all {matching} matching the filters
          </button>
        </>
      )}
    </div>
  );
}
