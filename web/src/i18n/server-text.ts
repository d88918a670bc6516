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
  const rule = body?.code === 'validation.failed' && body.params?.rule;
  for (const code of [rule, body?.code])
    if (code && i18n.exists(`server.${code}`)) return i18n.t(`server.${code}`, body?.params ?? {});
  return body?.message;
}

/** The error body of a refused answer's text, as api() reads it. */
export function errorBodyOf(text: string): ServerErrorBody | undefined {
  try {
    return (JSON.parse(text) as ServerErrorBody | null) ?? undefined;
  } catch {
    return undefined;
  }
}
