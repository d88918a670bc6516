import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import pLimit from 'p-limit';

/** OWASP's argon2id parameters: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes and verifies passwords with argon2id. The number of hashes computed at once is capped, so
 * a burst of logins queues instead of exhausting memory and CPU.
 */
@Injectable()
export class PasswordHasher {
  private readonly limit: ReturnType<typeof pLimit>;
  /** Verified against when the email is unknown, so a miss costs the same time as a wrong password. */
  private readonly decoy: Promise<string>;

  constructor(concurrency: number) {
    this.limit = pLimit(concurrency);
    this.decoy = this.hash('not-a-password-of-anyone');
  }

  hash(password: string): Promise<string> {
    return this.limit(() => argon2.hash(password, ARGON2_OPTIONS));
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    const target = hash ?? (await this.decoy);
    const matches = await this.limit(() => argon2.verify(target, password));
    return hash !== undefined && matches;
  }
}
