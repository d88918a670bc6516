import { agentKnown } from './fixtures/youcan-flow';
import type { TestSystem } from './test-system';

/** Who signs in: a token and the address of the account. */
export interface SignedInUser {
  token: string;
  email: string;
}

/** The token of the newest invitation link in a mail. */
export function invitationTokenIn(links: string[]): string | undefined {
  const link = links.find((candidate) => /\/invitations\/[A-Za-z0-9_-]{43}$/.test(candidate));
  return link?.split('/').pop();
}

/**
 * Makes `agent` a confirmateur of the owner's store the way people do: the owner invites the
 * agent's address, the invitation mail arrives in the sandbox inbox, the signed-in agent accepts.
 */
export async function addConfirmateur(
  system: TestSystem,
  owner: SignedInUser,
  storeId: string,
  agent: SignedInUser,
): Promise<void> {
  const seen = new Set((await system.mailbox(agent.email)).flatMap((mail) => mail.links));
  const invited = await system.request(
    'POST',
    `/api/confirmateur/${storeId}`,
    { email: agent.email },
    owner.token,
  );
  if (invited.status !== 202)
    throw new Error(`inviting answered ${invited.status}: ${JSON.stringify(invited.body)}`);
  const mail = await system.waitForMail(agent.email, (candidate) =>
    candidate.links.some((link) => link.includes('/invitations/') && !seen.has(link)),
  );
  const token = invitationTokenIn(mail.links.filter((link) => !seen.has(link)));
  const accepted = await system.request('POST', '/api/invitations/accept', { token }, agent.token);
  if (accepted.status !== 200)
    throw new Error(`accepting answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
  await agentKnown(system, agent.email, storeId);
}
