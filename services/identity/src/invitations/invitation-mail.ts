import { INVITATION_TTL_DAYS, type Language } from '@tawsil/contracts/identity';
import type { OutgoingMail } from '../mail/mail-sender';
import { escapeHtml, linkHtml, mailDocument } from '../mail/mail-document';

interface Invitation {
  inviter: string;
  storeName: string;
}

interface InvitationWords {
  subject: (invitation: Invitation) => string;
  hello: string;
  invites: (invitation: Invitation) => string;
  role: string;
  openLink: (days: number) => string;
  accept: string;
  notExpected: string;
}

const WORDS: Record<Language, InvitationWords> = {
  en: {
    subject: ({ inviter, storeName }) =>
      `${inviter} invites you to confirm orders for ${storeName} on Tawsil`,
    hello: 'Hello,',
    invites: ({ inviter, storeName }) =>
      `${inviter} invites you to join the store ${storeName} on Tawsil as a confirmateur:`,
    role: "you will call the store's customers and confirm their orders.",
    openLink: (days) => `Open this link to accept (it works for ${days} days):`,
    accept: 'Accept the invitation',
    notExpected:
      'If you do not expect this invitation, ignore this e-mail: nothing happens until you accept.',
  },
  fr: {
    subject: ({ inviter, storeName }) =>
      `${inviter} vous invite à confirmer les commandes de ${storeName} sur Tawsil`,
    hello: 'Bonjour,',
    invites: ({ inviter, storeName }) =>
      `${inviter} vous invite à rejoindre la boutique ${storeName} sur Tawsil en tant que confirmateur :`,
    role: 'vous appellerez les clients de la boutique pour confirmer leurs commandes.',
    openLink: (days) => `Ouvrez ce lien pour accepter (il est valable ${days} jours) :`,
    accept: 'Accepter l’invitation',
    notExpected:
      'Si vous n’attendiez pas cette invitation, ignorez cet e-mail : rien ne se passe tant que vous n’acceptez pas.',
  },
  ar: {
    subject: ({ inviter, storeName }) => `يدعوك ${inviter} لتأكيد طلبيات ${storeName} على Tawsil`,
    hello: 'مرحبًا،',
    invites: ({ inviter, storeName }) =>
      `يدعوك ${inviter} للانضمام إلى المتجر ${storeName} على Tawsil بصفة مؤكِّد طلبيات:`,
    role: 'ستتصل بزبائن المتجر وتؤكّد طلبياتهم.',
    openLink: (days) => `افتح هذا الرابط لقبول الدعوة (صالح لمدة ${days} أيام):`,
    accept: 'قبول الدعوة',
    notExpected: 'إذا لم تكن تنتظر هذه الدعوة، فتجاهل هذه الرسالة: لن يحدث شيء ما لم تقبلها.',
  },
};

/** The e-mail that carries an invitation link, in the reader's language; it names who invited and to which store. */
export function invitationMail(input: {
  to: string;
  inviter: string;
  storeName: string;
  link: string;
  language: Language;
}): OutgoingMail {
  const words = WORDS[input.language];
  return {
    to: input.to,
    subject: words.subject(input),
    text: [
      words.hello,
      '',
      words.invites(input),
      words.role,
      '',
      words.openLink(INVITATION_TTL_DAYS),
      input.link,
      '',
      words.notExpected,
    ].join('\n'),
    html: mailDocument(input.language, [
      escapeHtml(words.hello),
      `${escapeHtml(words.invites(input))}<br>${escapeHtml(words.role)}`,
      `${escapeHtml(words.openLink(INVITATION_TTL_DAYS))}<br>${linkHtml(input.link, words.accept)}`,
      escapeHtml(words.notExpected),
    ]),
  };
}
