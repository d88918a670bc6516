import type { AuthUserDto } from '@tawsil/contracts/identity';
import { fakeResponse } from '../testing/fake-response';
import { dropAccessToken, getAccessToken, onAccessTokenChange, refreshAccessToken } from './access-token';

const user: AuthUserDto = {
  _id: 'u1',
  name: 'Amina Owner',
  email: 'amina@example.dz',
  type: 'owner',
  token: 'renewed.token.value',
} as AuthUserDto;

describe('The access token across a sign-out', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('drops a renewal that was on its way when the user signed out, so it cannot sign them back in', async () => {
    let answer!: (response: Response) => void;
    global.fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const told: (AuthUserDto | undefined)[] = [];
    const stopListening = onAccessTokenChange((renewed) => told.push(renewed));

    const renewal = refreshAccessToken();
    dropAccessToken();
    answer(fakeResponse({ status: 200, body: user }));

    await expect(renewal).resolves.toBeUndefined();
    expect(getAccessToken()).toBeUndefined();
    expect(told).toEqual([]);
    stopListening();
  });

  it('keeps a renewal asked after the sign-out', async () => {
    global.fetch = jest.fn(async () => fakeResponse({ status: 200, body: user }));
    dropAccessToken();
    await expect(refreshAccessToken()).resolves.toEqual(user);
    expect(getAccessToken()).toBe(user.token);
  });
});
