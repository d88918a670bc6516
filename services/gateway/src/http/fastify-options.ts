import { acceptRequestId } from '@tawsil/nest-common';
import type { IncomingHttpHeaders } from 'node:http';
import type { GatewayConfig } from '../config/gateway.config';

export const fastifyOptions = (config: Pick<GatewayConfig, 'TRUST_PROXY'>) => ({
  trustProxy: config.TRUST_PROXY,
  bodyLimit: 1_048_576,
  genReqId: (request: { headers: IncomingHttpHeaders }) => acceptRequestId(request.headers['x-request-id']),
});
