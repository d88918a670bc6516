import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FigureDefinition } from '../definitions';

/**
 * An (i) button that says what a figure means: on hover through its title, on a tap or from the
 * keyboard in a popover (the browser's own: above everything, so no scrolling table clips it, and
 * a tap elsewhere or Escape closes it). The words are the app's, in the user's language, by the
 * definition's name (`stats.definition.<name>`); the server's English, sent with the figures, shows
 * only for a name the app does not know yet.
 */
export function Definition({ term, name, text }: { term: string } & FigureDefinition) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const shown = i18n.exists(`stats.definition.${name}`) ? t(`stats.definition.${name}`) : text;
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        aria-label={t('stats.what_means', { term: term.toLowerCase() })}
        title={shown}
        className="group ms-1 inline-flex size-5 shrink-0 items-center justify-center rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
      >
        <span
          aria-hidden="true"
          className="inline-flex size-3.5 items-center justify-center rounded-full border border-current font-serif text-[10px] leading-none font-bold normal-case text-slate-500 group-hover:text-emerald-700"
        >
          i
        </span>
      </button>
      <span
        id={id}
        popover="auto"
        data-testid="definition"
        className="m-auto max-w-xs rounded-md bg-slate-900 px-4 py-3 text-sm font-normal normal-case tracking-normal text-white shadow-lg backdrop:bg-black/10"
      >
        {shown}
      </span>
    </>
  );
}
