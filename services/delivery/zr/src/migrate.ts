import { loadConfigOrExit, MigrationConfig } from '@tawsil/config';
import { runMigrations } from '@tawsil/nest-common';
import { delivery_zrOrmOptions } from './app.module';

/** Applies delivery-zr's migrations: run as its own step before the service starts. */
void runMigrations(delivery_zrOrmOptions(loadConfigOrExit(MigrationConfig))).then((applied) =>
  console.log(JSON.stringify({ level: 'info', service: 'delivery-zr', msg: 'migrations applied', applied })),
);
