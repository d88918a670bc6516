import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { linksIn, type Inbox } from './inbox';

const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((object) => object.value)
    .map((address) => address.address ?? '')
    .filter(Boolean);

/**
 * An SMTP server that accepts every message, with or without a login, and puts it in the inbox.
 * No STARTTLS: the sandbox is local, and its built-in certificate would only be refused.
 */
export function buildSmtpServer(inbox: Inbox): SMTPServer {
  return new SMTPServer({
    logger: false,
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'sandbox' }),
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          const envelope = session.envelope.rcptTo.map((recipient) => recipient.address);
          const text = parsed.text ?? '';
          inbox.add({
            to: envelope.length ? envelope : addresses(parsed.to),
            from: addresses(parsed.from)[0] ?? (session.envelope.mailFrom || undefined)?.address ?? '',
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            links: linksIn(text),
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
}
