import { TestSystem } from '@tawsil/testing';

/** Each user's language: chosen at registration, changed from the top bar, kept by identity. */
describe("A user's language", () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.shared({ services: ['identity'] });
  });

  // Addresses of this file only: the system may be shared with other files of the run.
  const run = Date.now().toString(36);
  const address = (name: string) => `${name}-${run}@lang.test`;
  const register = (body: Record<string, unknown>) => system.request('POST', '/api/users/register', body);
  const signIn = (email: string, password: string) =>
    system.request('POST', '/api/users/login', { email, password });
  const me = (token: string) => system.request('GET', '/api/users/me', undefined, token);
  const setLanguage = (token: string, language: unknown) =>
    system.request('PUT', '/api/users/me/language', { language }, token);

  it('is the one chosen at registration, and French when none was', async () => {
    const noChoice = await register({ name: 'Nadia B', email: address('nadia'), password: 'souk-el-fellah' });
    expect(noChoice.status).toBe(201);
    expect(noChoice.body).toMatchObject({ email: address('nadia'), type: 'owner', language: 'fr' });

    const english = await register({
      name: 'Sam English',
      email: address('sam-en'),
      password: 'souk-el-fellah',
      language: 'en',
      isConfirmateur: true,
    });
    expect(english.body).toMatchObject({ type: 'confirmateur', language: 'en' });
    expect((await me(english.body.token as string)).body).toEqual({
      _id: english.body._id,
      name: 'Sam English',
      type: 'confirmateur',
      language: 'en',
    });
  });

  it('follows the user to a new sign-in once changed, for an owner and an agent alike', async () => {
    for (const [email, isConfirmateur] of [
      [address('lina-owner'), false],
      [address('yacine-agent'), true],
    ] as const) {
      const created = await register({
        name: 'Lina Yacine',
        email,
        password: 'souk-el-fellah',
        isConfirmateur,
      });
      const firstDevice = created.body.token as string;

      const changed = await setLanguage(firstDevice, 'ar');
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({
        _id: created.body._id,
        name: 'Lina Yacine',
        type: isConfirmateur ? 'confirmateur' : 'owner',
        language: 'ar',
      });
      // The same choice again is answered the same.
      expect((await setLanguage(firstDevice, 'ar')).body).toEqual(changed.body);

      const secondDevice = await signIn(email, 'souk-el-fellah');
      expect(secondDevice.body).toMatchObject({ _id: created.body._id, language: 'ar' });
      expect((await me(secondDevice.body.token as string)).body).toMatchObject({ language: 'ar' });
      // The first device reads the new choice too: /me asks identity, not the token.
      expect((await me(firstDevice)).body).toMatchObject({ language: 'ar' });
    }
  });

  it('refuses a language it does not offer with 400, its code and the English message', async () => {
    const created = await register({
      name: 'Omar K',
      email: address('omar-lang'),
      password: 'souk-el-fellah',
    });
    const token = created.body.token as string;
    for (const language of ['de', '', 42, null]) {
      const refused = await setLanguage(token, language);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        message: 'language must be one of fr, ar, en',
        code: 'validation.failed',
        params: expect.objectContaining({ field: 'language', constraint: 'isIn' }),
      });
    }
    expect((await me(token)).body).toMatchObject({ language: 'fr' });

    const atRegistration = await register({
      name: 'Omar K',
      email: address('omar-lang-2'),
      password: 'souk-el-fellah',
      language: 'kab',
    });
    expect(atRegistration.status).toBe(400);
    expect(atRegistration.body).toMatchObject({ code: 'validation.failed', params: { field: 'language' } });
  });

  it('needs a signed-in user', async () => {
    const refused = await system.request('PUT', '/api/users/me/language', { language: 'ar' });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      message: 'Sign in to continue: a valid bearer token is required',
      code: 'auth.token_required',
    });
  });

  it("answers a service's refusal with its code and parameters beside the English message", async () => {
    await register({ name: 'Dup User', email: address('dup-lang'), password: 'souk-el-fellah' });
    const again = await register({
      name: 'Dup User',
      email: address('dup-lang'),
      password: 'souk-el-fellah',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'An account with this email already exists',
      code: 'users.email_taken',
    });

    const short = await register({ name: 'Short Pass', email: address('short-lang'), password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({
      message: 'password must be at least 10 characters',
      code: 'validation.failed',
      params: {
        field: 'password',
        constraint: 'isAcceptablePassword',
        rule: 'validation.too_short',
        min: '10',
      },
    });
  });

  it("mails a password reset in the user's language: Arabic right to left", async () => {
    const email = address('nadia-reset');
    const created = await register({ name: 'نادية', email, password: 'souk-el-fellah', language: 'ar' });
    expect(created.status).toBe(201);
    expect((await system.request('POST', '/api/auth/forgot-password', { email })).status).toBe(202);

    const mail = await system.waitForMail(email);
    expect(mail.subject).toBe('إعادة تعيين كلمة مرور Tawsil');
    expect(mail.text).toMatch(/^مرحبًا نادية،\n/);
    expect(mail.text).toContain('لمدة 30 دقيقة');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    const link = mail.links.find((candidate) => candidate.includes('/reset-password?token='));
    expect(mail.html).toContain(`<a href="${link}" dir="ltr">اختر كلمة مرور جديدة</a>`);
  });
});
