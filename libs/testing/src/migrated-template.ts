import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { migrate, MIGRATION_ENTRIES, REPO_ROOT } from './service-process';

/** The built migrations of every service: the template is made again whenever one changes. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const entry of Object.values(MIGRATION_ENTRIES)) {
    const folder = join(REPO_ROOT, dirname(entry), '..', 'migrations');
    for (const file of readdirSync(folder)
      .filter((name) => name.endsWith('.js'))
      .sort()) {
      hash.update(file).update(readFileSync(join(folder, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

async function withClient<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const databaseUrl = (server: string, name: string) => {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A database with every service's migrations applied, named after the migrations it holds: test
 * databases are copied from it (`create database ... template`) instead of each running four
 * migration processes. Built under a temporary name and renamed when complete, so that test files
 * and runs started at once never copy half a template; the one that loses the rename drops its own.
 */
export async function migratedTemplate(server: string): Promise<string> {
  const name = `tawsil_test_template_${migrationsDigest()}`;
  const exists = (client: Client) =>
    client
      .query('select 1 from pg_database where datname = $1', [name])
      .then((result) => result.rowCount === 1);
  if (await withClient(server, exists)) return name;

  const building = `tawsil_test_building_${randomBytes(6).toString('hex')}`;
  await withClient(server, (client) => client.query(`create database ${building}`));
  try {
    await migrate(databaseUrl(server, building));
    await withClient(server, async (client) => {
      if (await exists(client)) return;
      await client.query(`alter database ${building} rename to ${name}`);
    });
  } catch (error) {
    if (!(await withClient(server, exists))) throw error;
  } finally {
    await withClient(server, (client) => client.query(`drop database if exists ${building} with (force)`));
  }
  return name;
}
