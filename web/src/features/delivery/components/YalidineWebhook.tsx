import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { setWebhookSecret, yalidineWebhookUrl, type DeliveryAccount } from '../api';
import { deliveryFailure } from '../failure';

/**
 * A Yalidine account's webhook: the address to paste in Yalidine's dashboard, whether the secret
 * Yalidine then shows is set (never the secret itself), and a field to paste or replace it.
 */
export function YalidineWebhook({ account, onSaved }: { account: DeliveryAccount; onSaved: () => void }) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const url = yalidineWebhookUrl(account._id);

  async function save(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (!secret.trim()) return;
    setSending(true);
    try {
      await setWebhookSecret(account._id, secret.trim());
      setSecret('');
      setOutcome({ ok: true, text: t('delivery.account.webhook_secret_saved') });
      onSaved();
    } catch (failure) {
      setOutcome({
        ok: false,
        text: deliveryFailure(
          failure,
          'Failed to set webhook secret',
          t('delivery.account.webhook_secret_failed'),
        ),
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="flex w-full flex-col gap-2 text-sm" data-testid="yalidine-webhook">
      <p className="text-slate-700">{t('delivery.account.webhook_url')}</p>
      <code dir="ltr" className="break-all rounded bg-slate-100 px-2 py-1" data-testid="webhook-url">
        {url}
      </code>
      <p className="text-slate-600">
        {account.webhookSecretSet
          ? t('delivery.account.webhook_secret_set')
          : t('delivery.account.webhook_secret_missing')}
      </p>
      <form noValidate onSubmit={(event) => void save(event)} className="flex flex-wrap items-end gap-2">
        <TextField
          label={t('delivery.account.webhook_secret_for', { name: account.storeName })}
          name="webhookSecret"
          type="password"
          autoComplete="off"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
        />
        <Button type="submit" disabled={sending || !secret.trim()}>
          {t('delivery.account.webhook_secret_save')}
        </Button>
      </form>
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={outcome.ok ? 'text-emerald-800' : 'text-red-700'}
        >
          {outcome.text}
        </p>
      )}
    </div>
  );
}
