import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLabels, type LabelsTarget } from '../labels-api';
import { deliveryFailure } from '../failure';

interface LabelsButtonProps {
  /** The parcels whose labels to print; undefined keeps the button disabled. */
  target: LabelsTarget | undefined;
  className?: string;
}

/** Downloads one PDF of the carriers' labels (bordereaux) of the parcels, and says what was left out. */
export function LabelsButton({ target, className = '' }: LabelsButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string }>();

  async function download() {
    if (!target) return;
    setBusy(true);
    setNote(undefined);
    try {
      const { pdf, missing } = await fetchLabels(target);
      const url = URL.createObjectURL(pdf);
      const link = document.createElement('a');
      link.href = url;
      link.download = 'labels.pdf';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      if (missing > 0)
        setNote({
          ok: true,
          text: t('delivery.labels.missing', { count: missing }),
        });
    } catch (error) {
      setNote({
        ok: false,
        text: deliveryFailure(error, 'Failed to download labels', t('delivery.labels.failed')),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className={`flex flex-col gap-1 ${className}`}>
      <button
        type="button"
        disabled={!target || busy}
        onClick={() => void download()}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50"
      >
        {busy ? t('delivery.labels.preparing') : t('delivery.labels.download')}
      </button>
      {note && (
        <span
          role={note.ok ? 'status' : 'alert'}
          className={`text-sm ${note.ok ? 'text-slate-600' : 'text-red-700'}`}
        >
          {note.text}
        </span>
      )}
    </span>
  );
}
