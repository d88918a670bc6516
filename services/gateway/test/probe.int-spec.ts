import type { OrderView } from '@tawsil/contracts/orders';
import {
  addZrAccount,
  buildWorld,
  confirmAndSetDelivery,
  pipelineIdle,
  saisieFinished,
  startSaisie,
  TestSystem,
  waitFor,
  yalidineCredentials,
  zrCredentials,
  type OrdersWorld,
  type TestUser,
} from '@tawsil/testing';
import pLimit from 'p-limit';
import {
  baseBody,
  pathParams,
  probeCases,
  routesOf,
  urlWith,
  type OpenApiDocument,
  type ProbeCase,
} from './probe/cases';
import { idKind, UNPROBED, type Ids, type ProbeContext } from './probe/routes';
import { snapshot, type Viewer } from './probe/snapshot';

const PASSWORD = 'souk-el-fellah';

interface Answer {
  status: number;
  text: string;
}

/** What an answer did wrong, if anything. */
function fault(probe: ProbeCase, answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (probe.wrong && (answer.status < 400 || answer.status >= 500)) return `accepted: ${answer.status}`;
  if (answer.status >= 400) {
    const body = JSON.parse(answer.text || '{}') as { code?: unknown; message?: unknown };
    if (typeof body.code !== 'string' || typeof body.message !== 'string')
      return `answered ${answer.status} without {message, code}`;
  }
  return undefined;
}

describe('The probe: every route of the OpenAPI document with wrong bodies, ids and query strings', () => {
  let system: TestSystem;
  let world: OrdersWorld;
  let document: OpenApiDocument;
  let own: ProbeContext;
  let others: Ids;
  /** Text only the other owner's things hold: none of it may appear in an answer to the prober. */
  let foreign: string[];

  const send = async (probe: Pick<ProbeCase, 'method' | 'url' | 'body'>, token: string): Promise<Answer> => {
    const response = await fetch(`${system.gatewayUrl}${probe.url}`, {
      method: probe.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(probe.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: probe.body,
    });
    return { status: response.status, text: await response.text() };
  };

  const leaked = (probe: Pick<ProbeCase, 'url' | 'body'>, answer: Answer) =>
    foreign.filter(
      (text) => answer.text.includes(text) && !`${probe.url} ${probe.body ?? ''}`.includes(text),
    );

  /** An owner's own things: a pending order, a saisie job, a pending invitation, a blacklist entry. */
  async function thingsOf(owner: TestUser, storeId: string, accountId: string, agentId: string) {
    const orders = (
      await system.request('GET', `/api/orders/youcan?storeId=${storeId}&limit=20`, undefined, owner.token)
    ).body as unknown as OrderView[];
    await confirmAndSetDelivery(system, owner, [orders[1]], { _id: accountId } as never);
    const job = await startSaisie(system, owner, [orders[1]._id]);
    await saisieFinished(system, owner, job);
    const invited = await system.request(
      'POST',
      `/api/confirmateur/${storeId}`,
      { email: `pending-${owner.id.slice(0, 8)}@shop.dz` },
      owner.token,
    );
    expect(invited.status).toBe(202);
    const invitations = (await system.request('GET', '/api/confirmateur/invitations', undefined, owner.token))
      .body as unknown as { _id: string }[];
    const listed = await system.request(
      'POST',
      '/api/orders/blacklist',
      { phone: '0555000009', reason: 'Refused twice' },
      owner.token,
    );
    expect(listed.status).toBe(201);
    const ids: Ids = {
      order: orders[0]._id,
      store: storeId,
      account: accountId,
      agent: agentId,
      job,
      invitation: invitations[0]._id,
      blacklist: listed.body._id as string,
    };
    return { ids, order: orders[0], orders };
  }

  beforeAll(async () => {
    system = await TestSystem.start({
      youcanSandbox: true,
      zrSandbox: true,
      yalidineSandbox: true,
      // Thousands of requests from one address in well under a minute.
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    world = await buildWorld(system, 'probe');
    const othersAccount = await addZrAccount(system, world.otherOwner, 'Boutique Walid');
    const mine = await thingsOf(world.owner, world.mainStore, world.zrAccount!._id, world.agent.id);
    const theirs = await thingsOf(
      world.otherOwner,
      world.othersStore,
      othersAccount._id,
      world.otherAgent.id,
    );
    own = {
      ids: mine.ids,
      order: {
        version: mine.order.version,
        customer: mine.order.customer as unknown as Record<string, unknown>,
      },
      zr: await zrCredentials(system),
      yalidine: await yalidineCredentials(system),
      password: PASSWORD,
    };
    others = theirs.ids;
    foreign = [
      ...Object.values(theirs.ids),
      ...theirs.orders.map((order) => order._id),
      world.otherOwner.id,
      world.otherOwner.email,
      world.otherAgent.email,
      'Boutique Walid',
      'probe-other',
    ];
    document = (await system.request('GET', '/api/docs/openapi.json')).body as unknown as OpenApiDocument;
    await waitFor('the pipeline', () => pipelineIdle(system), Boolean);
  }, 240_000);
  afterAll(() => system?.stop());

  it('probes every route of the document but those listed with a reason, and lists none it lacks', () => {
    const routes = routesOf(document);
    // probeCases throws on a route it cannot probe: a body, an id or no input it does not know.
    const probed = new Set(probeCases(document, own).map((probe) => probe.route));
    expect(routes.filter((route) => !probed.has(route) && !UNPROBED[route])).toEqual([]);
    for (const route of Object.keys(UNPROBED)) expect(routes).toContain(route);
  });

  it('answers every wrong request 4xx with {message, code}, as the owner and as an agent, and changes nothing', async () => {
    const viewers: Record<string, Viewer> = {
      owner: {
        token: world.owner.token,
        stores: [world.mainStore, world.secondStore],
        accounts: [own.ids.account],
      },
      agent: { token: world.agent.token, stores: [], accounts: [] },
      otherOwner: { token: world.otherOwner.token, stores: [world.othersStore], accounts: [others.account] },
    };
    const before = await Promise.all(Object.values(viewers).map((viewer) => snapshot(system, viewer)));
    const cases = probeCases(document, own);
    const faults: string[] = [];
    const limit = pLimit(6);
    for (const [role, user] of [
      ['owner', world.owner],
      ['agent', world.agent],
    ] as const) {
      await Promise.all(
        cases.map((probe) =>
          limit(async () => {
            const answer = await send(probe, user.token);
            const wrong = fault(probe, answer);
            if (wrong)
              faults.push(`${role} ${probe.route} ${probe.what}: ${wrong} ${answer.text.slice(0, 160)}`);
            const seen = leaked(probe, answer);
            if (seen.length) faults.push(`${role} ${probe.route} ${probe.what}: shows ${seen.join(', ')}`);
          }),
        ),
      );
    }
    expect(cases.length).toBeGreaterThan(1000);
    await waitFor('the pipeline', () => pipelineIdle(system), Boolean);
    const after = await Promise.all(Object.values(viewers).map((viewer) => snapshot(system, viewer)));
    expect(faults).toEqual([]);
    Object.keys(viewers).forEach((name, index) =>
      expect({ [name]: after[index] }).toEqual({ [name]: before[index] }),
    );
  }, 180_000);

  it("answers 404 for another owner's ids on every route with an id, showing nothing of theirs", async () => {
    const faults: string[] = [];
    const routes = routesOf(document).filter((route) => !UNPROBED[route] && route.includes('{'));
    for (const [role, user] of [
      ['owner', world.owner],
      ['agent', world.agent],
    ] as const) {
      for (const route of routes) {
        const [method, path] = route.split(' ');
        for (const param of pathParams(path)) {
          const probe = {
            method,
            url: urlWith(path, own.ids, { [param]: others[idKind(path, param)!] }),
            body: baseBody(route, own),
          };
          const answer = await send(probe, user.token);
          // An agent may be refused first for not being an owner; never answered about the thing.
          const refused = answer.status === 404 || (role === 'agent' && answer.status === 403);
          if (!refused)
            faults.push(
              `${role} ${route} {${param}} of another owner: ${answer.status} ${answer.text.slice(0, 160)}`,
            );
          const seen = leaked(probe, answer);
          if (seen.length) faults.push(`${role} ${route} {${param}}: shows ${seen.join(', ')}`);
        }
      }
    }
    expect(faults).toEqual([]);
  }, 120_000);
});
