import { loadConfigOrExit, MigrationConfig } from '@tawsil/config';
import { runMigrations } from '@tawsil/nest-common';
import { identityOrmOptions } from './app.module';

/** Applies identity's migrations: run as its own step before the service starts. */
void runMigrations(identityOrmOptions(loadConfigOrExit(MigrationConfig))).then((applied) =>
  console.log(JSON.stringify({ level: 'info', service: 'identity', msg: 'migrations applied', applied })),
);
