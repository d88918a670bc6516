// The services' PostgreSQL roles (roles.tsv) for code: npm start and the tests run role.sql through
// node-postgres instead of psql. The script uses only what this runner understands: psql's
// :'name' (a literal) and :"name" (an identifier) variables, statements ending in `;`, and
// queries ending in \gexec, whose every returned value is run as a statement.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const ROLE_SQL = join(__dirname, 'role.sql');

/** The roles of roles.tsv: service, role, schema and the variable holding its password. */
function databaseRoles() {
  return readFileSync(join(__dirname, 'roles.tsv'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [service, role, schema, passwordVariable] = line.trim().split(/\s+/);
      return { service, role, schema, passwordVariable };
    });
}

const quoteLiteral = (value) => `'${String(value).replace(/'/g, "''")}'`;
const quoteIdentifier = (value) => `"${String(value).replace(/"/g, '""')}"`;

/** role.sql's statements, with the variables filled in; `gexec` marks the \gexec queries. */
function statements(variables, file = ROLE_SQL) {
  const fill = (text) =>
    text.replace(/:(['"])(\w+)\1/g, (_, quote, name) => {
      if (!(name in variables)) throw new Error(`${file}: no value for :${quote}${name}${quote}`);
      return quote === "'" ? quoteLiteral(variables[name]) : quoteIdentifier(variables[name]);
    });
  const result = [];
  let pending = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!pending.length && (line.trim() === '' || line.trim().startsWith('--'))) continue;
    const gexec = /\\gexec\s*$/.test(line);
    pending.push(gexec ? line.replace(/\\gexec\s*$/, '') : line);
    if (gexec || /;\s*$/.test(line)) {
      result.push({ sql: fill(pending.join('\n')), gexec });
      pending = [];
    }
  }
  if (pending.length) throw new Error(`${file} ends inside a statement`);
  return result;
}

/**
 * Creates or updates one role with a connected node-postgres client of an administrator, in the
 * database the client is connected to.
 */
async function applyRole(client, { role, schema, password }) {
  for (const { sql, gexec } of statements({ role, schema, password })) {
    const answer = await client.query(sql);
    if (!gexec) continue;
    for (const row of answer.rows) for (const generated of Object.values(row)) await run(client, generated);
  }
}

/** Runs a generated statement; a role created meanwhile by another session counts as created. */
async function run(client, sql) {
  try {
    await client.query(sql);
  } catch (error) {
    const raced = sql.startsWith('create role') && ['42710', '23505'].includes(error.code);
    if (!raced) throw error;
  }
}

/** A URL of the same server and database that logs in as the role. */
function roleUrl(adminUrl, { role, password }) {
  const url = new URL(adminUrl);
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return url.toString();
}

module.exports = { applyRole, databaseRoles, roleUrl, statements };
