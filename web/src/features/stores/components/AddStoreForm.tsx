import { Field, Label, Select } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { startLinking } from '../api';
import { storeFailure } from '../failure';
import { sendBrowserTo } from '../redirect';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';

const PLATFORMS = ['youcan', 'woocommerce', 'googleSheets', 'shopify'] as const;
const STORE_NAME = /^[a-zA-Z0-9][a-zA-Z0-9-]*$/;

function nameProblem(name: string): string | undefined {
  if (!name) return i18n.t('stores.name_required');
  if (name.length > 100) return i18n.t('stores.name_long');
  if (!STORE_NAME.test(name)) return i18n.t('stores.name_chars');
  return undefined;
}

/** Name and platform; YouCan's consent page comes next, and the browser comes back here. */
export function AddStoreForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [platform, setPlatform] = useState<(typeof PLATFORMS)[number]>('youcan');
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const comingSoon = platform !== 'youcan';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const storename = name.trim();
    const invalid = nameProblem(storename);
    setProblem(invalid);
    if (invalid || comingSoon) return;
    setSending(true);
    setFailure(undefined);
    try {
      const { authUrl } = await startLinking(storename);
      sendBrowserTo(authUrl);
    } catch (error) {
      setFailure(storeFailure(error, t('stores.connect_failed')));
      setSending(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <TextField
        label={t('stores.name')}
        name="storename"
        autoComplete="off"
        value={name}
        error={problem}
        onChange={(event) => setName(event.target.value)}
      />
      <Field className="flex flex-col gap-1">
        <Label className="text-sm font-medium text-slate-700">{t('stores.platform')}</Label>
        <Select
          name="platform"
          value={platform}
          onChange={(event) => setPlatform(event.target.value as (typeof PLATFORMS)[number])}
          className="rounded-md border border-slate-300 px-3 py-2 text-base"
        >
          {PLATFORMS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      </Field>
      {comingSoon && (
        <p className="text-sm text-slate-600">
          {platform} is coming soon: only YouCan can be connected today.
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-600">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={comingSoon || sending}>
          {t('stores.connect')}
        </Button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md px-4 py-2 text-slate-700 hover:bg-slate-100"
        >
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
