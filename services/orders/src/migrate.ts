import { runMigrationStep } from '@tawsil/nest-common';
import { ordersOrmOptions } from './app.module';

void runMigrationStep('orders', ordersOrmOptions);
