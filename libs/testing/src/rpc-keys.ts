import { generateKeyPairSync, randomBytes } from 'node:crypto';

const SIGNERS = ['gateway', 'identity', 'orders', 'delivery-zr'] as const;
export type TestRpcSigner = (typeof SIGNERS)[number];

export interface RpcKeys {
  /** RPC_SIGNING_KEY of each signer: the 32-byte Ed25519 seed, base64. */
  signing: Record<TestRpcSigner, string>;
  /** RPC_PUBLIC_KEYS, as every service is given it. */
  publicKeys: string;
  /** RPC_SEAL_KEY of each service that receives sealed fields (the gateway holds all three). */
  seal: { identity: string; 'stores-youcan': string; 'delivery-zr': string };
}

/** One Ed25519 pair: the raw 32 bytes of each half, base64 (their DER forms end with them). */
export function generateEd25519(): { privateKey: string; publicKey: string } {
  const pair = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { format: 'der', type: 'pkcs8' },
    publicKeyEncoding: { format: 'der', type: 'spki' },
  });
  return {
    privateKey: pair.privateKey.subarray(-32).toString('base64'),
    publicKey: pair.publicKey.subarray(-32).toString('base64'),
  };
}

/** Fresh keys of the RPC transport for one test system. */
export function generateRpcKeys(): RpcKeys {
  const pairs = SIGNERS.map((signer) => [signer, generateEd25519()] as const);
  const sealKey = () => randomBytes(32).toString('base64');
  return {
    signing: Object.fromEntries(pairs.map(([signer, pair]) => [signer, pair.privateKey])) as Record<
      TestRpcSigner,
      string
    >,
    publicKeys: pairs.map(([signer, pair]) => `${signer}:${pair.publicKey}`).join(','),
    seal: { identity: sealKey(), 'stores-youcan': sealKey(), 'delivery-zr': sealKey() },
  };
}

/** The RPC variables of one process of the system. */
export function rpcEnv(keys: RpcKeys, service: string): Record<string, string> {
  switch (service) {
    case 'gateway':
      return {
        RPC_SIGNING_KEY: keys.signing.gateway,
        RPC_SEAL_KEY_IDENTITY: keys.seal.identity,
        RPC_SEAL_KEY_STORES_YOUCAN: keys.seal['stores-youcan'],
        RPC_SEAL_KEY_DELIVERY_ZR: keys.seal['delivery-zr'],
      };
    case 'identity':
      return {
        RPC_PUBLIC_KEYS: keys.publicKeys,
        RPC_SEAL_KEY: keys.seal.identity,
        RPC_SIGNING_KEY: keys.signing.identity,
      };
    case 'stores-youcan':
      return { RPC_PUBLIC_KEYS: keys.publicKeys, RPC_SEAL_KEY: keys.seal[service] };
    case 'orders':
      return { RPC_PUBLIC_KEYS: keys.publicKeys, RPC_SIGNING_KEY: keys.signing.orders };
    case 'delivery-zr':
      return {
        RPC_PUBLIC_KEYS: keys.publicKeys,
        RPC_SEAL_KEY: keys.seal['delivery-zr'],
        RPC_SIGNING_KEY: keys.signing['delivery-zr'],
      };
    default:
      return {};
  }
}
