import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { dockerAvailable } from './docker';

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
  const server = await testPostgresServer();
  const name = `tawsil_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
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
