import { MikroORM, type Options } from '@mikro-orm/postgresql';

/** Applies a service's pending migrations, then closes its connections. Never part of a service's boot. */
export async function runMigrations(options: Options): Promise<string[]> {
  const orm = await MikroORM.init(options);
  try {
    const applied = await orm.migrator.up();
    return applied.map((migration) => migration.name);
  } finally {
    await orm.close(true);
  }
}
