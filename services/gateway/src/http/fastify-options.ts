import { acceptRequestId } from '@tawsil/nest-common';
import type { IncomingHttpHeaders } from 'node:http';
import type { GatewayConfig } from '../config/gateway.config';

export const fastifyOptions = (config: Pick<GatewayConfig, 'TRUST_PROXY'>) => ({
  // Only these proxies' X-Forwarded-For is read; the client address is the nearest hop not among them.
  trustProxy: config.TRUST_PROXY.length ? config.TRUST_PROXY : false,
  bodyLimit: 1_048_576,
  genReqId: (request: { headers: IncomingHttpHeaders }) => acceptRequestId(request.headers['x-request-id']),
});
