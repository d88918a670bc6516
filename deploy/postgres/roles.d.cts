// Types of roles.cjs, for the tests.
import type { Client } from 'pg';

export interface DatabaseRole {
  service: string;
  role: string;
  schema: string;
  passwordVariable: string;
}
export declare function databaseRoles(): DatabaseRole[];
export declare function statements(
  variables: Record<string, string>,
  file?: string,
): { sql: string; gexec: boolean }[];
export declare function applyRole(
  client: Client,
  role: { role: string; schema: string; password: string },
): Promise<void>;
export declare function roleUrl(adminUrl: string, role: { role: string; password: string }): string;
