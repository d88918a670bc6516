import { TestSystem } from '@tawsil/testing';
import jwt from 'jsonwebtoken';
import { generateKeyPairSync } from 'node:crypto';
import { Client } from 'pg';

describe('Registering and signing in through the gateway', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['identity'] });
  });
  afterAll(() => system?.stop());

  const register = (body: unknown) => system.request('POST', '/api/users/register', body);
  const login = (body: unknown) => system.request('POST', '/api/users/login', body);

  it('registers an owner who can then sign in and open a protected route', async () => {
    const created = await register({
      name: 'Amina Benali',
      email: 'amina@shop.dz',
      password: 'souk-el-fellah',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Amina Benali', email: 'amina@shop.dz', type: 'owner' });
    expect(created.body._id).toMatch(/^[0-9a-f-]{36}$/);

    const signedIn = await login({ email: 'amina@shop.dz', password: 'souk-el-fellah' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ _id: created.body._id, name: 'Amina Benali', type: 'owner' });

    const me = await system.request('GET', '/api/users/me', undefined, signedIn.body.token as string);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ _id: created.body._id, name: 'Amina Benali', type: 'owner', language: 'fr' });
  });

  it('registers a confirmateur when isConfirmateur is true', async () => {
    const created = await register({
      name: 'Yacine',
      email: 'yacine@shop.dz',
      password: 'appel-client',
      isConfirmateur: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.type).toBe('confirmateur');
  });

  it('refuses a second account for the same email whatever its case, keeping the first', async () => {
    await register({ name: 'Karim', email: 'karim@shop.dz', password: 'first-password' });
    const again = await register({ name: 'Other', email: 'KARIM@Shop.DZ', password: 'second-password' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'An account with this email already exists',
      code: 'users.email_taken',
    });
    expect((await login({ email: 'karim@shop.dz', password: 'first-password' })).status).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 401 message', async () => {
    await register({ name: 'Sara', email: 'sara@shop.dz', password: 'right-password' });
    const wrongPassword = await login({ email: 'sara@shop.dz', password: 'wrong-password' });
    const unknownEmail = await login({ email: 'nobody@shop.dz', password: 'right-password' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({
      message: 'Invalid email or password',
      code: 'auth.invalid_credentials',
    });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it.each([
    [{ email: 'a@shop.dz', password: 'long-enough' }, 'name is required'],
    [{ name: 'A', password: 'long-enough' }, 'email is required'],
    [{ name: 'A', email: 'not-an-email', password: 'long-enough' }, 'email must be a valid email address'],
    [{ name: 'A', email: 'a@shop.dz' }, 'password is required'],
    [{ name: 'A', email: 'a@shop.dz', password: 'short' }, 'password must be at least 10 characters'],
    [
      { name: 'A', email: 'a@shop.dz', password: 'zzzzzzzzzz' },
      'password must not be one character repeated',
    ],
    [
      { name: 'A', email: 'a@shop.dz', password: 'superman123' },
      'password is too common: choose one that is not on lists of known passwords',
    ],
    [
      { name: 'Amina Benali', email: 'a@shop.dz', password: 'Amina.Benali' },
      'password must not be your email address or your name',
    ],
    [
      { name: 'Z R Expre55', email: 'a@shop.dz', password: 'long-enough' },
      'name must be your own: it cannot imitate Tawsil, YouCan, ZR Express, the system, an admin or support',
    ],
    [
      { name: 'A', email: 'a@shop.dz', password: 'long-enough', isConfirmateur: 'yes' },
      'isConfirmateur must be true or false',
    ],
    [{ name: 'A', email: 'a@shop.dz', password: 12345678 }, 'password must be a string'],
  ])('refuses the registration %j with 400 "%s"', async (body, message) => {
    const answer = await register(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message,
      code: 'validation.failed',
      params: expect.objectContaining({ field: message.split(' ')[0] }),
    });
  });

  it.each([
    [{ password: 'x' }, 'email is required'],
    [{ email: 'bad', password: 'x' }, 'email must be a valid email address'],
    [{ email: 'a@shop.dz' }, 'password is required'],
  ])('refuses the login %j with 400 "%s"', async (body, message) => {
    const answer = await login(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message,
      code: 'validation.failed',
      params: expect.objectContaining({ field: message.split(' ')[0] }),
    });
  });

  it('answers 400 with a message for a body that is not JSON', async () => {
    const answer = await system.request('POST', '/api/users/login', '{"email":');
    expect(answer.status).toBe(400);
    expect(typeof answer.body.message).toBe('string');
  });

  it('stores an argon2id hash with OWASP parameters, never the password', async () => {
    await register({ name: 'Nadia', email: 'nadia@shop.dz', password: 'plain-text-never' });
    const db = new Client({ connectionString: system.database.url });
    await db.connect();
    const { rows } = await db.query(`select password_hash from identity.users where email = 'nadia@shop.dz'`);
    await db.end();
    const [, algorithm, version, parameters] = (rows[0].password_hash as string).split('$');
    expect([algorithm, version]).toEqual(['argon2id', 'v=19']);
    expect(parameters.split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);
    expect(rows[0].password_hash).not.toContain('plain-text-never');
  });

  describe('tokens', () => {
    let token: string;
    let userId: string;

    beforeAll(async () => {
      const created = await register({ name: 'Walid', email: 'walid@shop.dz', password: 'token-tests' });
      token = created.body.token as string;
      userId = created.body._id as string;
    });

    const me = (bearer?: string) => system.request('GET', '/api/users/me', undefined, bearer);

    it('refuses a protected route without a token', async () => {
      const answer = await me();
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        message: 'Sign in to continue: a valid bearer token is required',
        code: 'auth.token_required',
      });
    });

    it('refuses a tampered token', async () => {
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, type: 'owner', name: 'Intruder' })).toString(
        'base64url',
      );
      expect((await me(`${header}.${forged}.${signature}`)).status).toBe(401);
    });

    it('refuses an expired token', async () => {
      const expired = jwt.sign({ name: 'Walid', type: 'owner' }, system.keys.privateKey, {
        algorithm: 'ES256',
        subject: userId,
        issuer: 'tawsil-identity',
        audience: 'tawsil-api',
        expiresIn: -10,
      });
      expect((await me(expired)).status).toBe(401);
    });

    it('refuses a token signed by another key, with another algorithm, or unsigned', async () => {
      const claims = { name: 'Walid', type: 'owner' };
      const options = {
        subject: userId,
        issuer: 'tawsil-identity',
        audience: 'tawsil-api',
        expiresIn: 600,
      } as const;
      const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
      const foreign = jwt.sign(claims, otherKey, { ...options, algorithm: 'ES256' });
      // The public key used as an HMAC secret: the classic algorithm-confusion forgery.
      const confused = jwt.sign(claims, system.keys.publicKey, { ...options, algorithm: 'HS256' });
      const unsigned = jwt.sign(claims, '', { ...options, algorithm: 'none' });
      for (const bad of [foreign, confused, unsigned]) expect((await me(bad)).status).toBe(401);
    });
  });
});
