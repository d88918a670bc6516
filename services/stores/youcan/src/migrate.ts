import { loadConfigOrExit, MigrationConfig } from '@tawsil/config';
import { runMigrations } from '@tawsil/nest-common';
import { stores_youcanOrmOptions } from './app.module';

/** Applies stores-youcan's migrations: run as its own step before the service starts. */
void runMigrations(stores_youcanOrmOptions(loadConfigOrExit(MigrationConfig))).then((applied) =>
  console.log(JSON.stringify({ level: 'info', service: 'stores-youcan', msg: 'migrations applied', applied })),
);
