// npm start's least privilege, as in production (docs/least-privilege.md): each service and its
// migrations log in to PostgreSQL as the service's own role (deploy/postgres), and to Redis as the
// service's own user (deploy/redis/users.acl, start-redis.cjs). The passwords
// come from .env (IDENTITY_DATABASE_PASSWORD, GATEWAY_REDIS_PASSWORD...) or are derived from the
// development ENCRYPTION_KEY, so they survive a restart.
const { createHash } = require('node:crypto');
const { Client } = require('pg');
const { applyRole, databaseRoles, roleUrl } = require('../postgres/roles.cjs');

function passwords(env, encryptionKey) {
  return (variable) =>
    env[variable] || createHash('sha256').update(`${encryptionKey}:${variable}`).digest('hex').slice(0, 48);
}

/**
 * Creates or updates the services' roles with the administrator's URL, and answers each service's
 * own URL; null (with a warning) when that user may not create roles: the services then share it.
 */
async function databaseUrls(adminUrl, passwordOf) {
  const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select rolsuper or rolcreaterole as allowed from pg_roles where rolname = current_user',
    );
    if (!rows[0]?.allowed) {
      console.warn(
        `PostgreSQL user ${new URL(adminUrl).username || 'postgres'} may not create roles: every service ` +
          'uses it instead of its own role (docs/least-privilege.md).',
      );
      return null;
    }
    const urls = {};
    for (const entry of databaseRoles()) {
      const password = passwordOf(entry.passwordVariable);
      await applyRole(client, { ...entry, password });
      urls[entry.service] = roleUrl(adminUrl, { role: entry.role, password });
    }
    return urls;
  } finally {
    await client.end();
  }
}

module.exports = { databaseUrls, passwords };
