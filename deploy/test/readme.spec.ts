import { describeConfig } from '@tawsil/config';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DeliveryZrConfig } from '../../services/delivery/zr/src/config/delivery-zr.config';
import { GatewayConfig } from '../../services/gateway/src/config/gateway.config';
import { IdentityConfig } from '../../services/identity/src/config/identity.config';
import { OrdersConfig } from '../../services/orders/src/config/orders.config';
import { StoresYoucanConfig } from '../../services/stores/youcan/src/config/stores-youcan.config';

const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
const configs = [GatewayConfig, IdentityConfig, OrdersConfig, StoresYoucanConfig, DeliveryZrConfig];

describe('README', () => {
  it('documents every environment variable a service reads', () => {
    const variables = new Set(
      configs.flatMap((config) => describeConfig(config).map((variable) => variable.name)),
    );
    const undocumented = [...variables].filter(
      (name) => !new RegExp(`\\|\\s*\`${name}\`\\s*\\|`).test(readme),
    );
    expect(undocumented).toEqual([]);
  });

  it('shows the two commands', () => {
    expect(readme).toContain('npm start');
    expect(readme).toContain('npm test');
  });
});
