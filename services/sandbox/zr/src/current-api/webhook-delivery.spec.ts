import { svixSignature } from './webhook-delivery';

describe('svixSignature', () => {
  it("matches the example signature in Svix's documentation", () => {
    // The secret, headers and payload of docs.svix.com's verification example.
    const signature = svixSignature(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      '{"test": 2432232314}',
    );
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});
