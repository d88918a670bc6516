export const USER_TYPES = ['owner', 'confirmateur'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Who is calling, built by the gateway from a verified token and passed with every RPC. */
export interface Actor {
  userId: string;
  name: string;
  type: UserType;
  storeIds: string[];
  /** The sign-in session the token belongs to (its `sid`): password change and sign-out end it. */
  sessionId?: string;
}

/** The envelope of every RPC request: the caller (absent for public calls) and the request body. */
export interface RpcRequest<T> {
  actor?: Actor;
  data: T;
  /** The write's idempotency key (see RequestContext): a write handler stores its answer under it. */
  idempotencyKey?: string;
}

/** The services reachable over the RPC transport; each one listens on its own stream. */
export const SERVICE_NAMES = ['identity', 'orders', 'stores-youcan', 'delivery-zr'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** A message pattern bound to the service that answers it and the types it carries. */
export interface RpcPattern<Req, Res> {
  readonly service: ServiceName;
  readonly cmd: string;
  /** Phantom fields: they carry the request and response types, never a value. */
  readonly __req?: Req;
  readonly __res?: Res;
}

export function rpcPattern<Req, Res>(service: ServiceName, cmd: string): RpcPattern<Req, Res> {
  return { service, cmd };
}

export interface PingReply {
  service: ServiceName;
  instance: string;
}

/** Every service answers this one; the gateway uses it for its status page. */
export const PING_PATTERNS: Record<ServiceName, RpcPattern<void, PingReply>> = {
  identity: rpcPattern('identity', 'identity.health.ping.v1'),
  orders: rpcPattern('orders', 'orders.health.ping.v1'),
  'stores-youcan': rpcPattern('stores-youcan', 'stores-youcan.health.ping.v1'),
  'delivery-zr': rpcPattern('delivery-zr', 'delivery-zr.health.ping.v1'),
};

export * from './trust';
