#!/usr/bin/env bash
# Installs the web app's packages as package-lock.json pins them (make test,
# make dev, make e2e, make websize).
#
# Not `npm ci`: this workplace's npm registry does not serve the other
# platforms' optional builds of @tailwindcss/oxide, so `npm install` leaves
# them out of the lock file and `npm ci` then refuses that lock file as out of
# sync ("Missing: @tailwindcss/oxide-darwin-arm64@ from lock file";
# npm/cli#9846). `npm install` installs the locked versions; if it has to
# change the lock file, package.json and the lock disagree, and that fails
# here as it would in `npm ci`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
npm=${NPM:-npm}
before=$(sha256sum package-lock.json)
"$npm" install --no-audit --no-fund
if [ "$(sha256sum package-lock.json)" != "$before" ]; then
  echo "web/package-lock.json did not match web/package.json; npm install has updated it: review and commit the change" >&2
  exit 1
fi
