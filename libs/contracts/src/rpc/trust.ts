import type { ServiceName } from './index';

/**
 * Who may put a request on the bus, and what in a request is too secret to travel in clear.
 * See docs/rpc-transport.md.
 */

/** The processes that sign requests: the gateway, and the services that call another service. */
export const RPC_SIGNERS = ['gateway', 'identity', 'orders', 'delivery-zr'] as const;
export type RpcSigner = (typeof RPC_SIGNERS)[number];

/**
 * The patterns a service other than the gateway may call (the gateway may call every one). A
 * service's key signs only for these, so a leaked service key does not let its holder act as the
 * gateway.
 */
export const SERVICE_CALLS_ALLOWED: Record<Exclude<RpcSigner, 'gateway'>, readonly string[]> = {
  // The repair sweeps ask which stores were removed (docs/operations-repair.md).
  identity: ['stores-youcan.store.removed-ids.v1'],
  // v1 is what the previous release's orders asks, during a rolling deploy.
  orders: [
    'delivery-zr.delivery.check.v2',
    'delivery-zr.delivery.check.v1',
    'stores-youcan.store.removed-ids.v1',
  ],
  'delivery-zr': ['orders.order.shipping-details.v1'],
};

/** Patterns answered without a caller: the only ones an envelope without a signature may carry. */
export const PUBLIC_PATTERNS: readonly string[] = [
  'identity.health.ping.v1',
  'orders.health.ping.v1',
  'stores-youcan.health.ping.v1',
  'delivery-zr.health.ping.v1',
];

/**
 * Request fields sealed by the gateway for the receiving service, which alone can open them: they
 * never sit in Redis (or its append-only file and backups) in clear.
 */
export const SEALED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'identity.user.register.v1': ['password', 'refreshToken'],
  'identity.user.login.v1': ['password', 'refreshToken'],
  'identity.session.refresh.v1': ['refreshToken', 'nextRefreshToken'],
  'identity.password.change.v1': ['currentPassword', 'newPassword'],
  'identity.password.reset.v1': ['token', 'password'],
  'identity.invitation.open.v1': ['token'],
  'identity.invitation.accept.v1': ['token'],
  'identity.invitation.register.v1': ['token', 'password', 'refreshToken'],
  'delivery-zr.account.add.v1': ['apiKey', 'apiSecret'],
  'stores-youcan.oauth.complete.v2': ['code', 'state', 'nonce'],
};

/**
 * Answer fields sealed by the answering service for the caller that signed the request, which alone
 * can open them (docs/rpc-transport.md, Sealed answers): access tokens, and the consent address that
 * carries the OAuth state. A new answer that carries a credential is added here.
 */
export const SEALED_ANSWER_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'identity.user.register.v1': ['token'],
  'identity.user.login.v1': ['token'],
  'identity.session.refresh.v1': ['token'],
  'identity.invitation.register.v1': ['token'],
  'stores-youcan.oauth.start.v2': ['authUrl'],
};

/** The services that receive sealed fields, each with a key of its own. */
export const SEALED_FOR: readonly ServiceName[] = ['identity', 'stores-youcan', 'delivery-zr'];
