import { i18n } from './i18n';

/** An error body as the API sends it: English `message`, and a `code` with `params` to translate. */
export interface ServerErrorBody {
  message?: string;
  code?: string;
  params?: Record<string, string | number>;
}

/**
 * What the user reads of a server's refusal: the translation of its code when the app knows it,
 * else the server's own (English) message.
 */
export function serverText(body: ServerErrorBody | undefined): string | undefined {
  if (body?.code && i18n.exists(`server.${body.code}`))
    return i18n.t(`server.${body.code}`, body.params ?? {});
  return body?.message;
}
