import { runMigrationStep } from '@tawsil/nest-common';
import { identityOrmOptions } from './app.module';

void runMigrationStep('identity', identityOrmOptions);
