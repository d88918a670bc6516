import type { NestApplicationOptions } from '@nestjs/common';
import { acceptRequestId } from '@tawsil/nest-common/core';
import type { IncomingHttpHeaders } from 'node:http';
import type { GatewayConfig } from '../config/gateway.config';
import { JSON_LIMITS } from './json-limits';

export const fastifyOptions = (config: Pick<GatewayConfig, 'TRUST_PROXY'>) => ({
  // Only these proxies' X-Forwarded-For is read; the client address is the nearest hop not among them.
  trustProxy: config.TRUST_PROXY.length ? config.TRUST_PROXY : false,
  bodyLimit: JSON_LIMITS.maxBytes,
  genReqId: (request: { headers: IncomingHttpHeaders }) => acceptRequestId(request.headers['x-request-id']),
});

/** Bodies are parsed by the gateway's own limited JSON parser (json-body-parser.ts), not Nest's. */
export const GATEWAY_APP_OPTIONS: NestApplicationOptions = { bodyParser: false };
