-- One service's role, run by an administrator (a superuser, or a role with CREATEROLE that owns
-- the database) in Tawsil's database, with psql variables role, schema and password. Safe to run
-- again: it creates what is missing, sets the password (rotation is running it with a new one) and
-- hands over to the role anything in its schema that another role owns (a database from before
-- the roles). deploy/postgres/roles.tsv lists the roles.

set client_min_messages = warning;

-- Extensions need a superuser; the orders migrations use these two and skip them once they exist.
create extension if not exists pg_trgm with schema public;
create extension if not exists btree_gin with schema public;

select format('create role %I', :'role')
where not exists (select from pg_roles where rolname = :'role') \gexec

alter role :"role" with login nosuperuser nocreatedb nocreaterole noinherit noreplication nobypassrls
  password :'password';

-- CREATE on the database: the first migration of each service says `create schema if not exists`,
-- which PostgreSQL allows only with it. It does not open any other schema.
select format('grant connect, temporary, create on database %I to %I', current_database(), :'role') \gexec

create schema if not exists :"schema" authorization :"role";
alter schema :"schema" owner to :"role";
revoke all on schema :"schema" from public;

-- What a migration run as another user left in the schema becomes the role's. Tables first: their
-- indexes and the sequences of their serial and identity columns follow them.
select format('alter %s %s owner to %I',
    case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table'
      when 'S' then 'sequence' else 'table' end,
    c.oid::regclass, :'role')
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = :'schema' and c.relkind in ('r', 'p', 'v', 'm', 'f')
  and pg_get_userbyid(c.relowner) <> :'role'
order by c.oid \gexec

select format('alter sequence %s owner to %I', c.oid::regclass, :'role')
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = :'schema' and c.relkind = 'S' and pg_get_userbyid(c.relowner) <> :'role'
  and not exists (select from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i')) \gexec

select format('alter routine %s owner to %I', p.oid::regprocedure, :'role')
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where n.nspname = :'schema' and pg_get_userbyid(p.proowner) <> :'role' \gexec

select format('alter %s %s owner to %I', case t.typtype when 'd' then 'domain' else 'type' end,
    t.oid::regtype, :'role')
from pg_type t join pg_namespace n on n.oid = t.typnamespace
where n.nspname = :'schema' and pg_get_userbyid(t.typowner) <> :'role'
  and (t.typtype in ('e', 'd', 'r')
    or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c')) \gexec
