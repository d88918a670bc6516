// The Redis users of deploy/redis/users.acl, for code: npm start and the tests load them with
// ACL SETUSER, and run as a script this prints them as redis-cli commands for a Redis of your own
// (Kubernetes, deploy/README.md):
//
//   GATEWAY_REDIS_PASSWORD=... IDENTITY_REDIS_PASSWORD=... node deploy/redis/acl.cjs | redis-cli -u "$ADMIN_REDIS_URL"
//
// Passwords travel as their SHA-256 (#<hex>), as in the file docker compose's Redis reads.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const ACL_FILE = join(__dirname, 'users.acl');
const PASSWORD = /^>\$\{(\w+)\}$/;

/** The rules of a line, each selector `( ... )` one rule. */
function tokens(text) {
  return text.match(/\([^)]*\)|\S+/g) ?? [];
}

/**
 * The users of users.acl: name, the variable holding the password (none for `default`) and the
 * other rules, in order.
 */
function aclUsers(file = ACL_FILE) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('user '))
    .map((line) => {
      const [, name, ...rest] = tokens(line);
      const password = rest.map((rule) => PASSWORD.exec(rule)?.[1]).find(Boolean);
      return { name, passwordVariable: password, rules: rest.filter((rule) => !PASSWORD.test(rule)) };
    });
}

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/** ACL SETUSER's arguments for one user: everything it had before is reset first. */
function setUserArgs(user, { name = user.name, password } = {}) {
  if (user.passwordVariable && !password) throw new Error(`No password for the Redis user ${name}`);
  return [name, 'reset', ...user.rules, ...(password ? [`#${sha256(password)}`] : [])];
}

/** The service users (not `default`), each with its password from env. */
function serviceUsers(env, file = ACL_FILE) {
  return aclUsers(file)
    .filter((user) => user.passwordVariable)
    .map((user) => {
      const password = env[user.passwordVariable];
      if (!password)
        throw new Error(`${user.passwordVariable} is not set: the password of Redis user ${user.name}`);
      return { user, password };
    });
}

/** A redis-cli line: words with spaces or quotes go in double quotes. */
const cliLine = (words) =>
  words.map((word) => (/[\s"'\\]/.test(word) ? `"${word.replace(/(["\\])/g, '\\$1')}"` : word)).join(' ');

if (require.main === module) {
  try {
    for (const { user, password } of serviceUsers(process.env))
      console.log(cliLine(['ACL', 'SETUSER', ...setUserArgs(user, { password })]));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

module.exports = { ACL_FILE, aclUsers, serviceUsers, setUserArgs };
