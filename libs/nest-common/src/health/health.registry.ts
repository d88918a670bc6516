import { Injectable } from '@nestjs/common';

export type ReadinessCheck = () => Promise<boolean> | boolean;

/** The dependencies an instance needs before it can take traffic, checked by /health/ready. */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  async run(timeoutMs = 2000): Promise<Record<string, 'up' | 'down'>> {
    const entries = await Promise.all(
      [...this.checks].map(
        async ([name, check]) => [name, (await withTimeout(check, timeoutMs)) ? 'up' : 'down'] as const,
      ),
    );
    return Object.fromEntries(entries);
  }
}

async function withTimeout(check: ReadinessCheck, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([
      Promise.resolve()
        .then(check)
        .catch(() => false),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
