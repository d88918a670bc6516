import type { Language } from '@tawsil/contracts/identity';
import type { OutgoingMail } from '../mail/mail-sender';
import { escapeHtml, linkHtml, mailDocument } from '../mail/mail-document';

interface ResetWords {
  subject: string;
  hello: (name: string) => string;
  asked: string;
  openLink: string;
  choose: string;
  validity: (minutes: number) => string;
  notYou: string;
}

const WORDS: Record<Language, ResetWords> = {
  en: {
    subject: 'Reset your Tawsil password',
    hello: (name) => `Hello ${name},`,
    asked: 'Someone asked to reset the password of your Tawsil account.',
    openLink: 'To choose a new password, open this link:',
    choose: 'Choose a new password',
    validity: (minutes) =>
      `The link works once, for ${minutes} minutes. Setting a new password signs you out everywhere.`,
    notYou: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Tawsil',
    hello: (name) => `Bonjour ${name},`,
    asked: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Tawsil.',
    openLink: 'Pour choisir un nouveau mot de passe, ouvrez ce lien :',
    choose: 'Choisir un nouveau mot de passe',
    validity: (minutes) =>
      `Le lien ne fonctionne qu’une fois, pendant ${minutes} minutes. Choisir un nouveau mot de passe vous déconnecte partout.`,
    notYou:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  ar: {
    subject: 'إعادة تعيين كلمة مرور Tawsil',
    hello: (name) => `مرحبًا ${name}،`,
    asked: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك على Tawsil.',
    openLink: 'لاختيار كلمة مرور جديدة، افتح هذا الرابط:',
    choose: 'اختر كلمة مرور جديدة',
    validity: (minutes) =>
      `يعمل الرابط مرة واحدة فقط، لمدة ${minutes} دقيقة. يؤدي تعيين كلمة مرور جديدة إلى تسجيل خروجك من جميع الأجهزة.`,
    notYou: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.',
  },
};

/** The password-reset e-mail, in the user's language: the link, how long it lasts, and what to do if it was not you. */
export function resetMail(
  to: string,
  name: string,
  link: string,
  validMinutes: number,
  language: Language,
): OutgoingMail {
  const words = WORDS[language];
  const text = [
    words.hello(name),
    '',
    `${words.asked} ${words.openLink}`,
    '',
    link,
    '',
    words.validity(validMinutes),
    words.notYou,
  ].join('\n');
  const html = mailDocument(language, [
    escapeHtml(words.hello(name)),
    escapeHtml(words.asked),
    linkHtml(link, words.choose),
    escapeHtml(words.validity(validMinutes)),
    escapeHtml(words.notYou),
  ]);
  return { to, subject: words.subject, text, html };
}
