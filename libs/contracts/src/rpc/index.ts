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

/** The envelope of an RPC request: the caller (always there unless the pattern is public) and the body. */
export interface RpcRequest<T> {
  actor: Actor;
  data: T;
  /** The write's idempotency key (see RequestContext): a write handler stores its answer under it. */
  idempotencyKey?: string;
}

/** The envelope of a public pattern's request: answered without a caller (sign-in, sign-up, …). */
export interface PublicRpcRequest<T> extends Omit<RpcRequest<T>, 'actor'> {
  actor?: Actor;
}

/** The services reachable over the RPC transport; each one listens on its own stream. */
export const SERVICE_NAMES = ['identity', 'orders', 'stores-youcan', 'delivery-zr'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** A message pattern bound to the service that answers it and the types it carries. */
export interface RpcPattern<Req, Res> {
  readonly service: ServiceName;
  readonly cmd: string;
  /** Answered without a caller; every other pattern's request carries an actor or is refused. */
  readonly public?: boolean;
  /** Phantom fields: they carry the request and response types, never a value. */
  readonly __req?: Req;
  readonly __res?: Res;
}

/** A pattern answered without a caller: its handler gets a PublicRpcRequest. */
export interface PublicRpcPattern<Req, Res> extends RpcPattern<Req, Res> {
  readonly public: true;
}

export function rpcPattern<Req, Res>(service: ServiceName, cmd: string): RpcPattern<Req, Res>;
export function rpcPattern<Req, Res>(
  service: ServiceName,
  cmd: string,
  options: { public: true },
): PublicRpcPattern<Req, Res>;
export function rpcPattern<Req, Res>(
  service: ServiceName,
  cmd: string,
  options?: { public: true },
): RpcPattern<Req, Res> {
  return options?.public ? { service, cmd, public: true } : { service, cmd };
}

export interface PingReply {
  service: ServiceName;
  instance: string;
}

/** Every service answers this one; the gateway uses it for its status page. */
export const PING_PATTERNS: Record<ServiceName, PublicRpcPattern<void, PingReply>> = {
  identity: rpcPattern('identity', 'identity.health.ping.v1', { public: true }),
  orders: rpcPattern('orders', 'orders.health.ping.v1', { public: true }),
  'stores-youcan': rpcPattern('stores-youcan', 'stores-youcan.health.ping.v1', { public: true }),
  'delivery-zr': rpcPattern('delivery-zr', 'delivery-zr.health.ping.v1', { public: true }),
};

export * from './trust';
