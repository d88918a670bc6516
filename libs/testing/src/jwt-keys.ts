import { generateKeyPairSync } from 'node:crypto';

export interface JwtKeyPair {
  privateKey: string;
  publicKey: string;
}

/** A fresh EC P-256 key pair, as identity signs with and the gateway verifies with. */
export function generateJwtKeys(): JwtKeyPair {
  return generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
}
