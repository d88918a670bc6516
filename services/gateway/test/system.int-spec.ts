import { TestSystem } from '@tawsil/testing';
import { Client } from 'pg';

describe('The whole system', () => {
  let system: TestSystem;
  let token: string;

  beforeAll(async () => {
    system = await TestSystem.shared({ youcanSandbox: true, zrSandbox: true });
    const created = await system.request('POST', '/api/users/register', {
      name: 'Owner',
      email: 'owner@shop.dz',
      password: 'all-services',
    });
    token = created.body.token as string;
  });

  it('has every service answering through the gateway', async () => {
    const status = await system.request('GET', '/api/status', undefined, token);
    expect(status.status).toBe(200);
    expect(status.body.services).toEqual(
      ['identity', 'orders', 'stores-youcan', 'delivery-zr'].map((service) =>
        expect.objectContaining({ service, status: 'up' }),
      ),
    );
  });

  it('has every service ready, reporting PostgreSQL and Redis', async () => {
    // The gateway and the sandboxes (the mail sandbox runs with identity) hold no database.
    const services = system.processes.filter(
      (process) => process.name !== 'gateway' && !process.name.startsWith('sandbox-'),
    );
    for (const service of services) {
      const ready = await fetch(`http://127.0.0.1:${service.httpPort}/health/ready`);
      expect({ service: service.name, status: ready.status }).toEqual({ service: service.name, status: 200 });
      expect(await ready.json()).toEqual({ status: 'ok', checks: { redis: 'up', postgres: 'up' } });
    }
  });

  it('gives each service its own schema with its own migrations table', async () => {
    const db = new Client({ connectionString: system.database.url });
    await db.connect();
    const { rows } = await db.query(
      `select table_schema from information_schema.tables where table_name = 'mikro_orm_migrations' order by 1`,
    );
    await db.end();
    expect(rows.map((row) => row.table_schema)).toEqual([
      'delivery_zr',
      'identity',
      'orders',
      'stores_youcan',
    ]);
  });

  it('echoes the request id and carries it into the logs of the service that handled the call', async () => {
    const requestId = 'trace-me-123';
    const response = await fetch(`${system.gatewayUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ email: 'owner@shop.dz', password: 'all-services' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const identity = system.instances('identity')[0];
    expect(identity.logs.some((line) => line.requestId === requestId)).toBe(true);
  });

  it('serves the web app on page routes and keeps JSON 404s for unknown API paths', async () => {
    const page = await fetch(`${system.gatewayUrl}/dashboard`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root"></div>');

    const unknown = await system.request('GET', '/api/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Not found', code: 'errors.not_found' });
  });
});
