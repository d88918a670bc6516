export * from './answers';

/**
 * The one error shape every HTTP answer and RPC failure carries: the English `message` for API
 * clients, and the catalogue's `code` (`@tawsil/contracts/messages`) with the `params` it
 * interpolates, which the web app translates.
 */
export interface ErrorBody {
  message: string;
  code?: string;
  params?: Record<string, string | number>;
}

/** The HTTP statuses a service may answer with; the gateway maps them one to one. */
export const SERVICE_ERROR_STATUSES = [400, 401, 403, 404, 409, 422, 429, 502, 503] as const;
export type ServiceErrorStatus = (typeof SERVICE_ERROR_STATUSES)[number];

/** What travels back over RPC when a service refuses a request. */
export interface RpcErrorPayload extends ErrorBody {
  status: ServiceErrorStatus | 500;
}

export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RpcErrorPayload).status === 'number' &&
    typeof (value as RpcErrorPayload).message === 'string'
  );
}
export * from './omittable';
