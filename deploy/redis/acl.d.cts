// Types of acl.cjs, for the tests.
export interface AclUser {
  name: string;
  /** The variable that holds the password; none for `default`. */
  passwordVariable?: string;
  rules: string[];
}
export declare const ACL_FILE: string;
export declare function aclUsers(file?: string): AclUser[];
export declare function serviceUsers(
  env: Record<string, string | undefined>,
  file?: string,
): { user: AclUser; password: string }[];
export declare function setUserArgs(user: AclUser, options?: { name?: string; password?: string }): string[];
