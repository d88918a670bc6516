// What npm start gives its processes: the environment (a .env file completes the real one), the
// local ports, the keys, and the sandboxes standing in for YouCan, ZR Express and SMTP.
const { createHash, createPublicKey } = require('node:crypto');
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseEnv } = require('node:util');
const { devJwtKeys } = require('./dev-keys.cjs');

const root = join(__dirname, '..', '..');

/** The environment, completed by a .env file at the root (the real environment wins). */
function environment() {
  const file = join(root, '.env');
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  return { ...fromFile, ...process.env };
}

/**
 * The ports of the gateway and the sandboxes: each variable when set, else its default moved by
 * PORT_OFFSET (which moves the services' health and metrics ports too), so that a second copy of
 * npm start, or a test of it, runs beside the first.
 */
function localPorts(env) {
  const offset = Number(env.PORT_OFFSET || 0);
  if (!Number.isInteger(offset) || offset < 0 || offset > 50_000)
    throw new Error(`PORT_OFFSET must be a whole number from 0 to 50000, not "${env.PORT_OFFSET}"`);
  const port = (variable, fallback) => Number(env[variable] || fallback + offset);
  return {
    offset,
    PORT: port('PORT', 3000),
    SANDBOX_YOUCAN_PORT: port('SANDBOX_YOUCAN_PORT', 4010),
    SANDBOX_ZR_PORT: port('SANDBOX_ZR_PORT', 4020),
    SANDBOX_MAIL_PORT: port('SANDBOX_MAIL_PORT', 4030),
    SANDBOX_YALIDINE_PORT: port('SANDBOX_YALIDINE_PORT', 4040),
    SANDBOX_SMTP_PORT: port('SANDBOX_SMTP_PORT', 1025),
  };
}

/** The key pair from the environment (a PEM may use \n for its line breaks), else the dev pair. */
function jwtKeys(env) {
  const pem = (value) => value?.replace(/\\n/g, '\n');
  const privateKey = pem(env.JWT_PRIVATE_KEY);
  if (privateKey) {
    const publicKey =
      pem(env.JWT_PUBLIC_KEY) || createPublicKey(privateKey).export({ type: 'spki', format: 'pem' });
    return { privateKey, publicKey };
  }
  if (env.JWT_PUBLIC_KEY)
    throw new Error('JWT_PUBLIC_KEY is set but JWT_PRIVATE_KEY is not: set both or neither');
  return devJwtKeys();
}

const usesRealYoucan = (env) => Boolean(env.YOUCAN_CLIENT_ID && env.YOUCAN_CLIENT_SECRET);

/** Real YouCan when its app credentials are configured, else the YouCan sandbox. */
function youcanEnv(env, ports) {
  if (usesRealYoucan(env)) return {};
  const sandbox = `http://127.0.0.1:${ports.SANDBOX_YOUCAN_PORT}`;
  return {
    YOUCAN_CLIENT_ID: 'tawsil-sandbox',
    YOUCAN_CLIENT_SECRET: 'tawsil-sandbox-secret',
    YOUCAN_API_URL: sandbox,
    YOUCAN_AUTHORIZE_URL: `${sandbox}/admin/oauth/authorize`,
  };
}

/**
 * Real ZR Express when ZR_API_URL is set, else the ZR sandbox, with credentials that survive a
 * restart (so an account added in development keeps working) and tracking every 10 s.
 */
function zrEnv(env, ports, encryptionKey) {
  if (env.ZR_API_URL) return {};
  const derive = (label, length) =>
    createHash('sha256').update(`${encryptionKey}:${label}`).digest('hex').slice(0, length);
  return {
    ZR_API_URL: `http://127.0.0.1:${ports.SANDBOX_ZR_PORT}/api_v1`,
    ZR_CURRENT_API_URL: env.ZR_CURRENT_API_URL || `http://127.0.0.1:${ports.SANDBOX_ZR_PORT}/api/v1`,
    ZR_TRACKING_INTERVAL_MS: env.ZR_TRACKING_INTERVAL_MS || '10000',
    SANDBOX_ZR_TOKEN: env.SANDBOX_ZR_TOKEN || derive('sandbox-zr-token', 64),
    SANDBOX_ZR_KEY: env.SANDBOX_ZR_KEY || derive('sandbox-zr-key', 32),
  };
}

/**
 * Real Yalidine when YALIDINE_API_URL is set, else the Yalidine sandbox, with an API id and token
 * that survive a restart (so an account added in development keeps working).
 */
function yalidineEnv(env, ports, encryptionKey) {
  if (env.YALIDINE_API_URL) return {};
  const derive = (label) => createHash('sha256').update(`${encryptionKey}:${label}`).digest();
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const token = [...derive('sandbox-yalidine-token'), ...derive('sandbox-yalidine-token-2')]
    .map((byte) => alphabet[byte % alphabet.length])
    .join('');
  return {
    YALIDINE_API_URL: `http://127.0.0.1:${ports.SANDBOX_YALIDINE_PORT}/v1`,
    SANDBOX_YALIDINE_API_ID:
      env.SANDBOX_YALIDINE_API_ID ||
      [...derive('sandbox-yalidine-id')]
        .slice(0, 20)
        .map((b) => b % 10)
        .join(''),
    SANDBOX_YALIDINE_API_TOKEN: env.SANDBOX_YALIDINE_API_TOKEN || token,
  };
}

/** A real SMTP relay when SMTP_URL is set, else the mail sandbox catches every e-mail. */
function mailEnv(env, ports) {
  if (env.SMTP_URL) return {};
  return { SMTP_URL: `smtp://127.0.0.1:${ports.SANDBOX_SMTP_PORT}` };
}

module.exports = {
  environment,
  jwtKeys,
  localPorts,
  mailEnv,
  usesRealYoucan,
  yalidineEnv,
  youcanEnv,
  zrEnv,
};
