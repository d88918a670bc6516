import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { registerCurrentApi } from './current-api';
import { advance, DELIVERY_PATH, parcelProblem, type Parcel } from './parcels';
import { tariffs } from './tariffs';

interface Settings {
  latencyMs: number;
  failureRate: number;
  rateLimitPerMinute: number;
  /** Share of parcels that head back to the sender instead of reaching the customer. */
  returnShare: number;
  /** Share of add_colis calls whose parcels are created but whose answer is held back... */
  timeoutAfterAcceptRate: number;
  /** ...for this long: the caller times out not knowing the parcels exist. */
  timeoutAfterAcceptMs: number;
  /** Moves every parcel one state on this often, as time does at ZR (0: only on /_sandbox/parcels/advance). */
  advanceEveryMs: number;
}

const SHARES: (keyof Settings)[] = ['failureRate', 'returnShare', 'timeoutAfterAcceptRate'];

interface Credentials {
  token: string;
  key: string;
}

/**
 * A local server that answers like ZR Express's procolis `api_v1` for what the product uses:
 * `token`, `tarification`, `add_colis` (batches, "Double Tracking" on a repeated tracking) and
 * `lire`, with the `token` and `key` headers. `/_sandbox/*` are control endpoints. ZR's current
 * API answers beside it under `/api/v1` (see current-api/), its default tenant derived from the
 * same credentials.
 */
export function buildZrSandbox(
  credentials: Credentials = { token: randomBytes(32).toString('hex'), key: randomBytes(16).toString('hex') },
): FastifyInstance {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.get('/health/ready', async () => ({ status: 'ok' }));
  registerCurrentApi(app, `${credentials.token}:${credentials.key}`);
  const parcels = new Map<string, Parcel>();
  let settings: Settings = {
    latencyMs: 0,
    failureRate: 0,
    rateLimitPerMinute: 0,
    returnShare: 0.2,
    timeoutAfterAcceptRate: 0,
    timeoutAfterAcceptMs: 60_000,
    advanceEveryMs: 0,
  };
  let advanceTimer: NodeJS.Timeout | undefined;
  const advanceAll = () => [...parcels.values()].filter((parcel) => advance(parcel)).length;
  app.addHook('onClose', async () => clearInterval(advanceTimer));
  const window = { start: Date.now(), count: 0 };

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api_v1/')) return;
    if (settings.latencyMs > 0) await sleep(settings.latencyMs);
    if (settings.rateLimitPerMinute > 0) {
      if (Date.now() - window.start > 60_000) Object.assign(window, { start: Date.now(), count: 0 });
      if (++window.count > settings.rateLimitPerMinute)
        return reply.status(429).send({ message: 'Too Many Requests' });
    }
    if (settings.failureRate > 0 && Math.random() < settings.failureRate)
      return reply.status(500).send({ message: 'Erreur serveur' });
    if (request.headers.token !== credentials.token || request.headers.key !== credentials.key) {
      return reply.status(401).send({ Statut: 'Accès refusé' });
    }
  });

  app.get('/api_v1/token', async () => ({ Statut: 'Accès activé' }));
  app.post('/api_v1/tarification', async () => tariffs());
  app.get('/api_v1/tarification', async () => tariffs());

  app.post('/api_v1/add_colis', async (request, reply) => {
    const items = (request.body as { Colis?: unknown } | undefined)?.Colis;
    if (!Array.isArray(items) || items.length === 0)
      return reply.status(400).send({ message: 'Colis est obligatoire' });
    const answer = {
      Colis: items.map((raw: Record<string, unknown>) => {
        const tracking =
          String(raw.Tracking ?? '').trim() || `ZR${randomBytes(5).toString('hex').toUpperCase()}`;
        const problem = parcelProblem(raw);
        if (problem) return { ...raw, MessageRetour: problem };
        if (parcels.has(tracking)) return { ...raw, Tracking: tracking, MessageRetour: 'Double Tracking' };
        const now = new Date().toISOString();
        const parcel: Parcel = {
          Tracking: tracking,
          TypeLivraison: String(raw.TypeLivraison),
          TypeColis: String(raw.TypeColis),
          Confrimee: String(raw.Confrimee ?? ''),
          Client: String(raw.Client),
          MobileA: String(raw.MobileA),
          MobileB: String(raw.MobileB ?? ''),
          Adresse: String(raw.Adresse ?? ''),
          IDWilaya: String(raw.IDWilaya),
          Commune: String(raw.Commune),
          Total: String(raw.Total),
          Note: String(raw.Note ?? ''),
          TProduit: String(raw.TProduit),
          id_Externe: String(raw.id_Externe ?? ''),
          Source: String(raw.Source ?? ''),
          Situation: DELIVERY_PATH[0],
          IDSituation: 1,
          DateH_Action: now,
          Date_Creation: now,
          returning: Math.random() < settings.returnShare,
          account: credentials.key,
        };
        parcels.set(tracking, parcel);
        return { ...raw, Tracking: tracking, MessageRetour: 'Good' };
      }),
    };
    if (settings.timeoutAfterAcceptRate > 0 && Math.random() < settings.timeoutAfterAcceptRate)
      await sleep(settings.timeoutAfterAcceptMs);
    return answer;
  });

  app.post('/api_v1/lire', async (request, reply) => {
    const items = (request.body as { Colis?: { Tracking?: string }[] } | undefined)?.Colis;
    if (!Array.isArray(items)) return reply.status(400).send({ message: 'Colis est obligatoire' });
    const found = items
      .map((item) => parcels.get(String(item.Tracking)))
      .filter((parcel): parcel is Parcel => !!parcel);
    // ZR answers the literal body null when it knows none of the trackings.
    if (found.length === 0) return reply.type('application/json').send('null');
    return { Colis: found.map(({ returning: _returning, account: _account, ...record }) => record) };
  });

  app.get('/_sandbox/credentials', async () => credentials);
  app.get('/_sandbox/parcels', async () => [...parcels.values()]);
  app.get('/_sandbox/settings', async () => settings);
  app.post('/_sandbox/parcels/advance', async () => ({ moved: advanceAll() }));
  app.post('/_sandbox/settings', async (request, reply) => {
    const body = (request.body ?? {}) as Partial<Record<keyof Settings, unknown>>;
    const next = { ...settings };
    for (const key of Object.keys(next) as (keyof Settings)[]) {
      if (body[key] === undefined) continue;
      const value = Number(body[key]);
      const isShare = SHARES.includes(key);
      if (!Number.isFinite(value) || value < 0 || (isShare && value > 1)) {
        return reply.status(400).send({ message: `${key} must be a number from 0${isShare ? ' to 1' : ''}` });
      }
      next[key] = value;
    }
    settings = next;
    clearInterval(advanceTimer);
    if (settings.advanceEveryMs > 0) advanceTimer = setInterval(advanceAll, settings.advanceEveryMs).unref();
    return settings;
  });

  return app;
}
