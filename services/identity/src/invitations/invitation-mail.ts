import { INVITATION_TTL_DAYS } from '@tawsil/contracts/identity';
import type { OutgoingMail } from '../mail/mail-sender';

/** The e-mail that carries an invitation link; it names who invited and to which store. */
export function invitationMail(input: {
  to: string;
  inviter: string;
  storeName: string;
  link: string;
}): OutgoingMail {
  return {
    to: input.to,
    subject: `${input.inviter} invites you to confirm orders for ${input.storeName} on Tawsil`,
    text: [
      'Hello,',
      '',
      `${input.inviter} invites you to join the store ${input.storeName} on Tawsil as a confirmateur:`,
      "you will call the store's customers and confirm their orders.",
      '',
      `Open this link to accept (it works for ${INVITATION_TTL_DAYS} days):`,
      input.link,
      '',
      'If you do not expect this invitation, ignore this e-mail: nothing happens until you accept.',
    ].join('\n'),
  };
}
