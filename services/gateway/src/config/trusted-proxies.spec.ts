import { ConfigError, loadConfig } from '@tawsil/config';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { GatewayConfig } from './gateway.config';

const rpcKey = () => randomBytes(32).toString('base64');
const env = {
  JWT_PUBLIC_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString(),
  RPC_SIGNING_KEY: rpcKey(),
  RPC_SEAL_KEY_IDENTITY: rpcKey(),
  RPC_SEAL_KEY_STORES_YOUCAN: rpcKey(),
  RPC_SEAL_KEY_DELIVERY_ZR: rpcKey(),
  YOUCAN_CLIENT_SECRET: 'a-client-secret',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

const trustProxy = (value?: string) => loadConfig(GatewayConfig, { ...env, TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty or false', () => {
    expect(trustProxy()).toEqual([]);
    expect(trustProxy('')).toEqual([]);
    expect(trustProxy('false')).toEqual([]);
  });

  it('reads a list of addresses and CIDR ranges', () => {
    expect(trustProxy('10.0.0.0/8, 127.0.0.1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, which would believe any client, saying what to set instead', () => {
    expect(() => trustProxy('true')).toThrow(ConfigError);
    expect(() => trustProxy('true')).toThrow(/list the proxy addresses or CIDR ranges instead/);
  });

  it.each(['10.0.0.0/33', 'ingress', '10.0.0/8', '1.2.3.4/8/1'])('refuses %j', (value) => {
    expect(() => trustProxy(value)).toThrow(/TRUST_PROXY \(must list proxy addresses or CIDR ranges/);
  });
});
