import { rpcPattern, type RpcRequest } from '@tawsil/contracts/rpc';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { RpcHandler } from './rpc-handler.decorator';

interface Greeting {
  name: string;
}
interface Greeted {
  text: string;
}
const greet = rpcPattern<Greeting, Greeted>('identity', 'identity.test.greet.v1');

class Handlers {
  @RpcHandler(greet)
  greet({ data }: RpcRequest<Greeting>): Greeted {
    return { text: `Salam ${data.name}` };
  }

  @RpcHandler(greet)
  async greetLater({ data }: RpcRequest<Greeting>): Promise<Greeted> {
    return { text: `Salam ${data.name}` };
  }

  // The checks below are made by the type checker (npm run typecheck covers spec files).
  // @ts-expect-error the payload is not the pattern's request
  @RpcHandler(greet)
  wrongPayload({ data }: RpcRequest<{ id: number }>): Greeted {
    return { text: String(data.id) };
  }

  // @ts-expect-error the answer is not the pattern's response
  @RpcHandler(greet)
  wrongAnswer({ data }: RpcRequest<Greeting>): { message: string } {
    return { message: data.name };
  }

  // @ts-expect-error a promise of the wrong answer is refused too
  @RpcHandler(greet)
  async wrongLaterAnswer(): Promise<number> {
    return 1;
  }
}

describe('RpcHandler', () => {
  it("registers the method under the pattern's command", () => {
    expect(Reflect.getMetadata(PATTERN_METADATA, Handlers.prototype.greet)).toEqual([
      'identity.test.greet.v1',
    ]);
  });
});
