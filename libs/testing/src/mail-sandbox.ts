import { setTimeout as sleep } from 'node:timers/promises';

/** A mail as the mail sandbox's GET /messages gives it. */
export interface SandboxMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  receivedAt: string;
}

/** The mails the sandbox at `sandboxUrl` caught for an address, newest first. */
export async function mailbox(sandboxUrl: string, to: string): Promise<SandboxMail[]> {
  if (!sandboxUrl) throw new Error('No mail sandbox runs in this test system');
  const response = await fetch(`${sandboxUrl}/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`The mail sandbox answered ${response.status}`);
  return (await response.json()) as SandboxMail[];
}

/** The newest mail to an address that matches, polled until it arrives or the time is up. */
export async function waitForMail(
  sandboxUrl: string,
  to: string,
  matches: (mail: SandboxMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<SandboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailbox(sandboxUrl, to)).find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No matching mail reached ${to} within ${timeoutMs} ms`);
    await sleep(100);
  }
}
