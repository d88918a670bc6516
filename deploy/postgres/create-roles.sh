#!/bin/sh
# Creates or updates the role of every service (roles.tsv, role.sql) with psql, as an administrator
# of Tawsil's database. Where psql connects comes from the PG* variables or the first argument:
#
#   IDENTITY_DATABASE_PASSWORD=... ORDERS_DATABASE_PASSWORD=... STORES_YOUCAN_DATABASE_PASSWORD=... \
#   DELIVERY_ZR_DATABASE_PASSWORD=... sh deploy/postgres/create-roles.sh "postgres://admin@host:5432/tawsil"
#
# docker compose runs it once before the migrations (service postgres-roles).
set -eu
here=$(dirname "$0")

roles=$(grep -v '^#' "$here/roles.tsv" | grep .)

# Every password first: nothing is changed unless all are there.
echo "$roles" | while read -r service role schema variable; do
  if [ -z "$(printenv "$variable" || true)" ]; then
    echo "create-roles: $variable is not set (the password of $role, see .env.example)" >&2
    exit 1
  fi
done

echo "$roles" | while read -r service role schema variable; do
  psql -X -q -v ON_ERROR_STOP=1 -v role="$role" -v schema="$schema" -v password="$(printenv "$variable")" \
    -f "$here/role.sql" ${1:+"$1"}
  echo "create-roles: $role owns schema $schema ($service)"
done
