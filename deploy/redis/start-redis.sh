#!/bin/sh
# docker compose's Redis with Tawsil's users: writes deploy/redis/users.acl with each ${NAME}
# password replaced by the SHA-256 of that variable (so no password is written in clear), then
# starts Redis through the image's entry point with that ACL file and the arguments given.
set -eu

template=/etc/tawsil/users.acl
acl=/tmp/users.acl
umask 077
: >"$acl"
while IFS= read -r line; do
  case "$line" in
    user\ *) ;;
    *) continue ;;
  esac
  name=$(printf '%s\n' "$line" | sed -n 's/.*>\${\([A-Z0-9_]*\)}.*/\1/p')
  if [ -n "$name" ]; then
    value=$(printenv "$name" || true)
    if [ -z "$value" ]; then
      echo "start-redis: $name is not set (the password of a Redis user, see .env.example)" >&2
      exit 1
    fi
    hash=$(printf '%s' "$value" | sha256sum | cut -d ' ' -f 1)
    line=$(printf '%s\n' "$line" | sed "s/>\${$name}/#$hash/")
  fi
  printf '%s\n' "$line" >>"$acl"
done <"$template"
# The entry point hands Redis over to the redis user, which must read the file.
chown redis:redis "$acl" 2>/dev/null || true

exec docker-entrypoint.sh redis-server --aclfile "$acl" "$@"
