import { runMigrationStep } from '@tawsil/nest-common';
import { deliveryZrOrmOptions } from './app.module';

void runMigrationStep('delivery-zr', deliveryZrOrmOptions);
