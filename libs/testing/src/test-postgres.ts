import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { dockerAvailable } from './docker';
import { migratedTemplate } from './migrated-template';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let serverUrl: Promise<string> | undefined;

/**
 * The PostgreSQL server tests use: TEST_DATABASE_URL, else the local default when it answers,
 * else a testcontainers PostgreSQL where Docker runs; otherwise a failure saying what is missing.
 */
export function testPostgresServer(): Promise<string> {
  serverUrl ??= (async () => {
    const configured = process.env.TEST_DATABASE_URL;
    if (configured) return configured;
    if (await answers(LOCAL_POSTGRES)) return LOCAL_POSTGRES;
    if (await dockerAvailable()) {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
      const container = await new PostgreSqlContainer('postgres:17').start();
      return container.getConnectionUri();
    }
    throw new Error(
      `No PostgreSQL for the tests: nothing answers at ${LOCAL_POSTGRES}, TEST_DATABASE_URL is not set and Docker is not running. ` +
        'Start PostgreSQL, set TEST_DATABASE_URL, or run the tests with `npm test`, which starts one.',
    );
  })();
  return serverUrl;
}

/** A database of its own for one test file, so test files run in parallel without meeting. */
export async function createTestDatabase(): Promise<TestDatabase> {
  return newDatabase(await testPostgresServer());
}

/** A database of its own with every service's migrations applied, copied from their template. */
export async function createMigratedDatabase(): Promise<TestDatabase> {
  const server = await testPostgresServer();
  return newDatabase(server, await migratedTemplate(server));
}

/** Names the databases of one `jest` run, so that its global teardown finds what it leaves. */
export const TEST_RUN_VARIABLE = 'TAWSIL_TEST_RUN';
const runPrefix = () => `tawsil_test_${process.env[TEST_RUN_VARIABLE] ?? 'x'}_`;

async function newDatabase(server: string, template?: string): Promise<TestDatabase> {
  const name = `${runPrefix()}${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: server });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Drops the databases this run created and left, e.g. those of the systems its workers shared. */
export async function dropDatabasesOfRun(): Promise<void> {
  const client = new Client({ connectionString: await testPostgresServer() });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [runPrefix()],
    );
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await client.end();
  }
}
