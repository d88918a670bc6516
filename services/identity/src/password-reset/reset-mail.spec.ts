import { resetMail } from './reset-mail';

describe('resetMail', () => {
  const link = 'https://tawsil.example.com/reset-password?token=abc_DEF-123';

  it('gives the link in the text, how long it works, and what to do when it was not asked', () => {
    const mail = resetMail('amina@shop.dz', 'Amina', link, 30);
    expect(mail).toMatchObject({ to: 'amina@shop.dz', subject: 'Reset your Tawsil password' });
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain('The link works once, for 30 minutes.');
    expect(mail.text).toContain('If you did not ask for this, ignore this e-mail');
  });

  it('escapes the name in the HTML part, so a display name cannot inject markup', () => {
    const mail = resetMail('x@shop.dz', '<a href="https://evil.example">Support</a>', link, 30);
    expect(mail.html).not.toContain('<a href="https://evil.example">');
    expect(mail.html).toContain('&#60;a href=&#34;https://evil.example&#34;&#62;');
    expect(mail.html).toContain(`<a href="${link}">Choose a new password</a>`);
  });
});
