/** One e-mail as the sandbox received it. */
export interface CaughtMessage {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The http(s) addresses found in the text, in order. */
  links: string[];
  receivedAt: string;
}

/** The most messages kept: the oldest go first, so a long-running sandbox never fills the memory. */
const CAPACITY = 1000;

const LINK = /https?:\/\/[^\s<>"')\]]+/g;

export function linksIn(text: string): string[] {
  return [...text.matchAll(LINK)].map((match) => match[0].replace(/[.,;:!?]+$/, ''));
}

/** Every message caught, newest first when read. */
export class Inbox {
  private messages: CaughtMessage[] = [];

  add(message: CaughtMessage): void {
    this.messages.push(message);
    if (this.messages.length > CAPACITY) this.messages.shift();
  }

  /** Newest first; only those addressed to `to` (case-insensitive) when given. */
  list(to?: string): CaughtMessage[] {
    const wanted = to?.trim().toLowerCase();
    const found = wanted
      ? this.messages.filter((message) => message.to.some((address) => address.toLowerCase() === wanted))
      : this.messages;
    return [...found].reverse();
  }

  clear(): void {
    this.messages = [];
  }
}
