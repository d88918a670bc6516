import { loadConfigOrExit, MigrationConfig } from '@tawsil/config';
import { runMigrations } from '@tawsil/nest-common';
import { ordersOrmOptions } from './app.module';

/** Applies orders's migrations: run as its own step before the service starts. */
void runMigrations(ordersOrmOptions(loadConfigOrExit(MigrationConfig))).then((applied) =>
  console.log(JSON.stringify({ level: 'info', service: 'orders', msg: 'migrations applied', applied })),
);
