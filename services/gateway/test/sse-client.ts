import type { OrderLiveEvent } from '@tawsil/contracts/orders';

export interface SseMessage {
  id?: string;
  event: string;
  data: string;
  at: number;
}

/** A `GET /api/events` reader as the web app's is: fetch, a bearer token, the body read as it comes. */
export class SseClient {
  readonly messages: SseMessage[] = [];
  private closedFlag = false;
  private waiters: (() => void)[] = [];

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {}

  static async open(baseUrl: string, token: string, lastEventId?: string): Promise<SseClient> {
    const abort = new AbortController();
    const response = await fetch(`${baseUrl}/api/events`, {
      headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      signal: abort.signal,
    });
    const client = new SseClient(response, abort);
    if (response.ok) void client.read();
    return client;
  }

  get status(): number {
    return this.response.status;
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  /** The last `id:` received, as a browser keeps it for Last-Event-ID. */
  get lastId(): string | undefined {
    return this.messages.findLast((message) => message.id !== undefined)?.id;
  }

  orders(): OrderLiveEvent[] {
    return this.messages
      .filter((message) => message.event === 'order')
      .map((message) => JSON.parse(message.data) as OrderLiveEvent);
  }

  async waitFor<T extends SseMessage>(
    what: string,
    found: (message: SseMessage) => boolean,
    timeoutMs = 10_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = this.messages.find(found);
      if (message) return message as T;
      if (Date.now() > deadline || this.closedFlag)
        throw new Error(
          `No ${what} (${this.closedFlag ? 'closed' : 'timed out'}); got ${JSON.stringify(this.messages)}`,
        );
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  waitForOrder(what: string, found: (event: OrderLiveEvent) => boolean, timeoutMs?: number) {
    return this.waitFor(
      what,
      (message) => message.event === 'order' && found(JSON.parse(message.data) as OrderLiveEvent),
      timeoutMs,
    ).then((message) => ({
      ...(JSON.parse(message.data) as OrderLiveEvent),
      at: message.at,
      id: message.id,
    }));
  }

  close(): void {
    this.abort.abort();
    this.closedFlag = true;
  }

  private async read(): Promise<void> {
    const reader = this.response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // aborted or cut
    } finally {
      this.closedFlag = true;
      this.notify();
    }
  }

  private parse(block: string): void {
    const message: SseMessage = { event: 'message', data: '', at: Date.now() };
    let hasData = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'id') message.id = value;
      else if (field === 'event') message.event = value;
      else if (field === 'data') {
        message.data = hasData ? `${message.data}\n${value}` : value;
        hasData = true;
      }
    }
    if (hasData) {
      this.messages.push(message);
      this.notify();
    }
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
