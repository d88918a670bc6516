import { resetMail } from './reset-mail';

describe('resetMail', () => {
  const link = 'https://tawsil.example.com/reset-password?token=abc_DEF-123';

  it('gives the link in the text, how long it works, and what to do when it was not asked', () => {
    const mail = resetMail('amina@shop.dz', 'Amina', link, 30, 'en');
    expect(mail).toMatchObject({ to: 'amina@shop.dz', subject: 'Reset your Tawsil password' });
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain('The link works once, for 30 minutes.');
    expect(mail.text).toContain('If you did not ask for this, ignore this e-mail');
  });

  it('escapes the name in the HTML part, so a display name cannot inject markup', () => {
    const mail = resetMail('x@shop.dz', '<a href="https://evil.example">Support</a>', link, 30, 'en');
    expect(mail.html).not.toContain('<a href="https://evil.example">');
    expect(mail.html).toContain('&#60;a href=&#34;https://evil.example&#34;&#62;');
    expect(mail.html).toContain(`<a href="${link}" dir="ltr">Choose a new password</a>`);
  });

  it('speaks Arabic right to left to an Arabic reader, the link kept left to right', () => {
    const mail = resetMail('nadia@shop.dz', 'نادية', link, 30, 'ar');
    expect(mail.subject).toBe('إعادة تعيين كلمة مرور Tawsil');
    expect(mail.text).toContain('مرحبًا نادية،');
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain('لمدة 30 دقيقة');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain(`<a href="${link}" dir="ltr">اختر كلمة مرور جديدة</a>`);
  });

  it('speaks French to a French reader', () => {
    const mail = resetMail('karim@shop.dz', 'Karim', link, 30, 'fr');
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Tawsil');
    expect(mail.text).toMatch(/^Bonjour Karim,\n/);
    expect(mail.text).toContain('pendant 30 minutes');
    expect(mail.html).toContain('<html lang="fr" dir="ltr">');
  });
});
