import type { Language } from '@tawsil/contracts/identity';

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The HTML part of a mail in the reader's language: Arabic reads right to left. */
export function mailDocument(language: Language, paragraphs: string[]): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return [
    '<!doctype html>',
    `<html lang="${language}" dir="${dir}">`,
    '<head><meta charset="utf-8"></head>',
    `<body dir="${dir}" style="font-family: Tahoma, Arial, sans-serif; line-height: 1.5">`,
    ...paragraphs.map((paragraph) => `<p>${paragraph}</p>`),
    '</body>',
    '</html>',
  ].join('\n');
}

/** A link kept left to right inside Arabic text, so its address reads as it is typed. */
export const linkHtml = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" dir="ltr">${escapeHtml(label)}</a>`;
