import type { OutgoingMail } from '../mail/mail-sender';

/** The password-reset e-mail: the link, how long it lasts, and what to do if it was not you. */
export function resetMail(to: string, name: string, link: string, validMinutes: number): OutgoingMail {
  const text = [
    `Hello ${name},`,
    '',
    'Someone asked to reset the password of your Tawsil account. To choose a new password, open this link:',
    '',
    link,
    '',
    `The link works once, for ${validMinutes} minutes. Setting a new password signs you out everywhere.`,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = [
    `<p>Hello ${escape(name)},</p>`,
    '<p>Someone asked to reset the password of your Tawsil account.</p>',
    `<p><a href="${escape(link)}">Choose a new password</a></p>`,
    `<p>The link works once, for ${validMinutes} minutes. Setting a new password signs you out everywhere.</p>`,
    '<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>',
  ].join('\n');
  return { to, subject: 'Reset your Tawsil password', text, html };
}
