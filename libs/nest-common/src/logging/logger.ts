import type { Params } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import { loggableUrl } from './loggable-url';
import { acceptRequestId, currentRequestId } from './request-context';

/** Never written to a log, wherever they appear. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.apiKey',
  '*.apiSecret',
  '*.secret',
  '*.webhookSecret',
  'data.password',
];

interface LoggerOptions {
  service: string;
  instance: string;
  level: string;
}

/** JSON logs, one line per event, each carrying the service, the instance and the request id. */
export function pinoParams({ service, instance, level }: LoggerOptions): Params {
  return {
    pinoHttp: {
      level,
      base: { service, instance },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      genReqId: (req: IncomingMessage) => acceptRequestId(req.headers['x-request-id']),
      customAttributeKeys: { reqId: 'requestId' },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      autoLogging: {
        ignore: (req: IncomingMessage & { originalUrl?: string }) =>
          (req.originalUrl ?? req.url ?? '').startsWith('/health'),
      },
      // Only the method and the URL of a request, its query values redacted: never its headers
      // (Authorization, Cookie) nor its body.
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: loggableUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
  };
}
