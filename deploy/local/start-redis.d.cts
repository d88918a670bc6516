// Types of start-redis.cjs, for the tests.
export declare function outsideRedisProblems(
  redisUrl: string,
  serviceUrls: Record<string, string>,
): Promise<string[]>;
