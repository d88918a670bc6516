import { i18n } from './i18n';

/** An error body as the API sends it: English `message`, and a `code` with `params` to translate. */
export interface ServerErrorBody {
  message?: string;
  code?: string;
  params?: Record<string, string | number>;
}

/**
 * What the user reads of a server's refusal: the translation of its code when the app knows it,
 * else the server's own (English) message. A refused field (`validation.failed`) says the rule it
 * broke when the server names one (`params.rule`, `validation.too_short` with its `min`).
 */
export function serverText(body: ServerErrorBody | undefined): string | undefined {
  const rule = body?.code === 'validation.failed' ? body.params?.rule : undefined;
  const code = typeof rule === 'string' && i18n.exists(`server.${rule}`) ? rule : body?.code;
  if (code && i18n.exists(`server.${code}`)) return i18n.t(`server.${code}`, body?.params ?? {});
  return body?.message;
}

/** The error body of a refused answer's text, when it is one. */
export function errorBodyOf(text: string): ServerErrorBody | undefined {
  try {
    const body = JSON.parse(text) as unknown;
    if (!body || typeof body !== 'object') return undefined;
    const { message, code, params } = body as Record<string, unknown>;
    return {
      message: typeof message === 'string' ? message : undefined,
      code: typeof code === 'string' ? code : undefined,
      params: params && typeof params === 'object' ? (params as ServerErrorBody['params']) : undefined,
    };
  } catch {
    return undefined;
  }
}
