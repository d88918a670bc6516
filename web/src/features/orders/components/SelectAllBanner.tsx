import { formatCount } from '../../../i18n/format';
import { totalText } from '../format';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
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
          <span>{t('select_all.all', { matching })}</span>
          <button type="button" onClick={props.onClear} className="font-semibold underline">
            {t('select_all.clear')}
          </button>
        </>
      ) : (
        <>
          <span>{t('select_all.loaded', { count: formatCount(loaded) })}</span>
          <button type="button" onClick={props.onSelectAllMatching} className="font-semibold underline">
            {t('select_all.select', { matching })}
          </button>
        </>
      )}
    </div>
  );
}
