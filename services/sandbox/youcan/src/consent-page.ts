type Query = Record<string, string | string[] | undefined>;

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** YouCan's consent screen: the Authorize button posts the same parameters back to the same URL. */
export function consentPage(query: Query): string {
  const field = (name: string) => {
    const value = query[name];
    return `<input type="hidden" name="${name}" value="${escape(String(Array.isArray(value) ? value[0] : (value ?? '')))}">`;
  };
  const store = escape(String(query.storename ?? 'sandbox-store'));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorize Tawsil · YouCan sandbox</title></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem">
<h1>Authorize Tawsil</h1>
<p>Tawsil asks to read and edit the orders of the store <strong>${store}</strong> and to receive its order webhooks.</p>
<form method="post" action="/admin/oauth/authorize">
${['client_id', 'redirect_uri', 'state', 'storename', 'response_type', 'code_challenge', 'code_challenge_method'].map(field).join('\n')}
<button type="submit" name="decision" value="authorize">Authorize</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form></body></html>`;
}
