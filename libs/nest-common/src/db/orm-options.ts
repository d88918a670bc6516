import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';

interface ServiceOrmOptions {
  databaseUrl: string;
  /** The PostgreSQL schema the service owns; its tables and its migrations table live there. */
  schema: string;
  entities: Options['entities'];
  migrations: Constructor<Migration>[];
  poolMax?: number;
}

/** MikroORM settings of a service: its own schema, explicit entities, migrations listed in code. */
export function serviceOrmOptions(options: ServiceOrmOptions): Options {
  return defineConfig({
    clientUrl: options.databaseUrl,
    schema: options.schema,
    entities: options.entities,
    pool: { min: 0, max: options.poolMax ?? 10 },
    extensions: [Migrator],
    migrations: {
      tableName: 'mikro_orm_migrations',
      migrationsList: options.migrations,
      snapshot: false,
      transactional: true,
      allOrNothing: true,
    },
    allowGlobalContext: false,
    // Services whose tables arrive in later migrations start with no entity.
    discovery: { warnWhenNoEntities: false },
    debug: false,
  });
}
