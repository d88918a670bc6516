import type { StoresYoucanConfig } from '../config/stores-youcan.config';
import { YoucanClient } from './youcan.client';

const config = (pkce: boolean) =>
  ({
    PUBLIC_URL: 'https://tawsil.example.com/',
    YOUCAN_CLIENT_ID: 'client-1',
    YOUCAN_AUTHORIZE_URL: 'https://seller-area.youcan.shop/admin/oauth/authorize',
    YOUCAN_API_URL: 'https://api.youcan.shop',
    YOUCAN_PKCE: pkce,
  }) as StoresYoucanConfig;

describe("YouCan's consent URL", () => {
  it('carries the state, the callback and the PKCE S256 challenge', () => {
    const url = new URL(new YoucanClient(config(true)).authorizeUrl('state-1', 'souk', 'challenge-1'));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'client-1',
      redirect_uri: 'https://tawsil.example.com/api/stores/youcan/callback',
      response_type: 'code',
      state: 'state-1',
      code_challenge: 'challenge-1',
      code_challenge_method: 'S256',
    });
  });

  it('leaves PKCE out when YOUCAN_PKCE is false', () => {
    const url = new URL(new YoucanClient(config(false)).authorizeUrl('state-1', 'souk', 'challenge-1'));
    expect(url.searchParams.has('code_challenge')).toBe(false);
    expect(url.searchParams.has('code_challenge_method')).toBe(false);
    expect(url.searchParams.get('state')).toBe('state-1');
  });
});
