import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { registerAuth } from './auth';
import { registerControl } from './control';
import { registerGeography } from './geography-routes';
import { labelSigner, registerLabelFiles, registerLabelLinks } from './labels';
import { registerParcels } from './parcels-routes';
import { problem } from './problem';
import { registerRates } from './rates';
import { type CurrentApiSettings, DEFAULT_SETTINGS } from './settings';
import { Tenants } from './tenants';
import { WebhookSender } from './webhook-delivery';
import { registerWebhookEndpoints } from './webhook-endpoints';

/**
 * ZR Express's current API (`api.zrexpress.app/api/v1`) beside the Procolis one: `X-Api-Key` +
 * `X-Tenant`, territories and hubs as UUIDs, rates, parcels, labels, workflows and Svix-signed
 * webhooks. `seed` derives the default tenant, so that it survives a restart.
 */
export function registerCurrentApi(root: FastifyInstance, seed: string) {
  const tenants = new Tenants();
  const defaultTenant = tenants.addDefault(seed);
  let settings: CurrentApiSettings = { ...DEFAULT_SETTINGS };
  const sender = new WebhookSender(() => settings.webhookRetryDelaysMs);
  root.addHook('onClose', async () => sender.close());
  const signer = labelSigner();
  registerLabelFiles(root, tenants, signer);

  void root.register(
    async (api) => {
      api.addHook('onRequest', async (_request, reply) => {
        if (settings.latencyMs > 0) await sleep(settings.latencyMs);
        if (settings.failureRate > 0 && Math.random() < settings.failureRate)
          return problem(reply, 500, 'Internal Server Error', 'The sandbox was told to fail this call');
      });
      registerAuth(api, tenants);
      registerGeography(api);
      registerRates(api);
      registerParcels(api, () => settings);
      registerLabelLinks(api, signer, () => settings.labelUrlTtlMs);
      registerWebhookEndpoints(api);
    },
    { prefix: '/api/v1' },
  );

  registerControl(root, {
    tenants,
    defaultTenant,
    sender,
    settings: { get: () => settings, set: (next) => (settings = next) },
  });
}
