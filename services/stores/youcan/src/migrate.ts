import { runMigrationStep } from '@tawsil/nest-common';
import { storesYoucanOrmOptions } from './app.module';

void runMigrationStep('stores-youcan', storesYoucanOrmOptions);
