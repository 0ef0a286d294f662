# Turnout: the front door. `make` alone lists the targets.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

GO  ?= go
NPM ?= npm

# Lambda functions that exist among these become dist/<fn>.zip.
LAMBDAS := $(foreach fn,users organizations events media mailer reminders feedback,$(if $(wildcard functions/$(fn)/*.go),$(fn)))
LOCAL   := .local
NPM_CI  := $(NPM) ci --no-audit --no-fund
# The web app's packages, exactly as web/package-lock.json pins them.
WEB_DEPS := (cd web && $(NPM_CI))

.PHONY: help emulators dev lint codes test fuzz codesize e2e websize bench build sizes measure synth bootstrap deploy rollback reset clean zip-tool c-compiler chromium infra-deps web-build deploy-params

help: ## list the targets
	@echo "Turnout — make targets:"
	@grep -E '^[a-z][a-z0-9-]*:.*## ' $(MAKEFILE_LIST) | \
		awk 'BEGIN { FS = ":.*## " } { printf "  make %-10s %s\n", $$1, $$2 }'

emulators: ## install the local AWS emulators (DynamoDB Local, s3rver, aws-ses-v2-local; Java via apt when root)
	@bash pkg/emulators/install.sh

dev: emulators ## run the product at http://127.0.0.1:8080 with the emulators (data kept in .local/data)
	@mkdir -p $(LOCAL)
	@if [ ! -s $(LOCAL)/signing.key ]; then \
		umask 077; head -c 32 /dev/urandom | base64 > $(LOCAL)/signing.key; \
		echo "generated $(LOCAL)/signing.key"; \
	fi
	@if [ -f web/package.json ]; then \
		echo "building the web app"; \
		$(WEB_DEPS); (cd web && $(NPM) run build); \
	else \
		echo "no web/package.json: skipping the web app build"; \
	fi
	@$(GO) build -o $(LOCAL)/bin/gateway ./tools/gateway
	@exec $(LOCAL)/bin/gateway -dev

# The npm packages of web/ and infra/, installed again when a lock changes
# (npm ci rewrites node_modules/.package-lock.json).
%/node_modules/.package-lock.json: %/package.json %/package-lock.json
	cd $* && $(NPM_CI)

# staticcheck, pinned in lint/go.mod (a module of its own, so its
# dependencies stay out of the Lambdas' build list), built once into
# .local/bin and run inside each module, which it must load as itself
# (through -modfile, functions/ loaded as no package at all).
STATICCHECK := $(CURDIR)/$(LOCAL)/bin/staticcheck

$(LOCAL)/bin/staticcheck: lint/go.mod lint/go.sum
	cd lint && GOWORK=off $(GO) build -o $(CURDIR)/$@ honnef.co/go/tools/cmd/staticcheck

lint: web/node_modules/.package-lock.json infra/node_modules/.package-lock.json $(LOCAL)/bin/staticcheck ## check the code without running it: gofmt, go vet, staticcheck, Go files ≤ 400 lines and functions ≤ 80 (codesize), every API message's code current (msgcodes); ESLint (web, infra; import boundaries, hooks, a11y, sizes); tsc (infra)
	@files=$$(gofmt -l pkg functions tools); if [ -n "$$files" ]; then echo "gofmt -l: not formatted (run gofmt -w):"; echo "$$files"; exit 1; fi
	$(GO) vet ./pkg/... ./functions/... ./tools/...
	cd pkg && $(STATICCHECK) ./...
	cd functions && $(STATICCHECK) ./...
	cd tools && $(STATICCHECK) ./...
	$(GO) run ./tools/codesize
	$(GO) run ./tools/msgcodes -check
	cd web && $(NPM) run -s lint
	cd infra && $(NPM) run -s lint

codes: ## give the API's messages their codes: pkg/httpapi/messagecodes_gen.go and the web's English catalog of them (after adding or changing a Msg constant)
	$(GO) run ./tools/msgcodes

# The Go packages with tests, one a line: "0 <path>" when its tests need no
# emulator, "1 <path>" when they start them (they import pkg/emulators).
GO_TEST_PACKAGES = $(GO) list -test -f '{{.ImportPath}}{{range .Deps}} {{.}}{{end}}' ./pkg/... ./functions/... ./tools/... | \
	awk '$$1 ~ /\.test$$/ { emu = 0; for (i = 2; i <= NF; i++) if ($$i == "turnout/pkg/emulators") emu = 1; sub(/\.test$$/, "", $$1); print emu, $$1 }'

# The API tests of many accounts, events or attempts at once: the load
# they put on the emulators is what they test, and their calls are among
# the other tests' (the grants check, pkg/api/apitest/permissions_test.go).
APITEST_LOAD = ^(TestListsAreBounded|TestDeletingLargeAccountsConverges|TestSearchCostFollowsTheMatches|TestLoginBoundIsForgotten|TestLoginBoundAcrossAddresses|TestInterruptedAccountDeletionIsFinishedByRetry|TestConcurrentEmailChangesStayConsistent|TestGuestRequestsAreLimited|TestWaitlistUnderContention|TestMailQuotaPerClient)$$

test: lint emulators chromium zip-tool c-compiler ## lint, then run every test: Go (unit with -race, integration against the emulators), web (unit, end-to-end, first-load size), infra
	@# The unit packages run with the race detector (cgo, gcc); those that
	@# start the emulators run as before, their deadlines set without it.
	$(GO) test -count=1 -race $$($(GO_TEST_PACKAGES) | awk '$$1 == 0 { print $$2 }')
	@# The API's integration tests run on their own, after the rest: their
	@# crowds of hundreds of requests need the emulators to themselves. The
	@# load tests (APITEST_LOAD) run apart from the others, so that each run
	@# stays far from go test's 10-minute bound on a busy machine.
	$(GO) test -count=1 $$($(GO_TEST_PACKAGES) | awk '$$1 == 1 && $$2 != "turnout/pkg/api/apitest" { print $$2 }')
	TURNOUT_APITEST_LOAD='$(APITEST_LOAD)' $(GO) test -count=1 -skip '$(APITEST_LOAD)' ./pkg/api/apitest
	$(GO) test -count=1 -run '$(APITEST_LOAD)' ./pkg/api/apitest
	@$(MAKE) fuzz
	@if [ -f web/package.json ]; then \
		echo "web: API types up to date with api/openapi.yaml, unit tests"; \
		(cd web && $(NPM) run -s api-types:check && $(NPM) test); \
		echo "web build, end-to-end journeys (the first-load size among them)"; \
		(cd web && $(NPM) run build && $(NPM) run e2e); \
	else echo "no web/package.json: no web tests"; fi
	@if [ -f infra/package.json ]; then \
		echo "infra tests"; (cd infra && $(NPM) test); \
	else echo "no infra/package.json: no infra tests"; fi

# Go native fuzz targets (package:Target), each run FUZZTIME in make test;
# a failing input is saved under the package's testdata/fuzz/ (commit it).
# FUZZTIME is a count of inputs, not a duration: a wall-clock -fuzztime races
# the fuzz coordinator's own deadline on a loaded machine and fails with
# "context deadline exceeded" though no input failed. -short: no target
# needs the emulators, which each fuzz worker would otherwise start.
FUZZ_TARGETS := httpapi:FuzzParseForm httpapi:FuzzDecodeJSON domain:FuzzValidID domain:FuzzValidEmail \
	domain:FuzzCheckLoginName domain:FuzzNewAccountValidate domain:FuzzEventInputParse \
	domain:FuzzValidNextPath domain/recurrence:FuzzParse media:FuzzImageSize
FUZZTIME ?= 30000x

fuzz: ## run each Go fuzz target on FUZZTIME inputs (default 30000x) on the body decoders, validators and image headers
	@for t in $(FUZZ_TARGETS); do \
		echo "fuzz $$t for $(FUZZTIME)"; \
		out=$$($(GO) test -run='^$$' -fuzz="^$${t#*:}\$$" -fuzztime=$(FUZZTIME) -parallel=1 -short ./pkg/$${t%%:*} 2>&1) || \
			{ echo "$$out"; exit 1; }; \
	done

# Not yet in make test: pkg/store has files over the limit until it is split.
codesize: ## list the product's Go files over 400 lines and functions over 80 (what the Lambdas link; tests and tools aside)
	$(GO) run ./tools/codesize

e2e: emulators chromium ## build the web app and run the end-to-end journeys in headless Chromium (screenshots in web/e2e/screenshots/)
	@$(WEB_DEPS)
	cd web && $(NPM) run build && $(NPM) run e2e

websize: emulators chromium ## build the web app and print what the first page (/) loads in Chromium, gzipped (fails over 100 KB of JavaScript or 4 scripts)
	@$(WEB_DEPS)
	cd web && $(NPM) run build && $(NPM) run size

# One line per benchmark; each prints its table. Not part of make test.
bench: emulators chromium zip-tool ## run every benchmark and print its tables beside today's figures
	$(GO) run ./tools/bench/lists
	$(GO) run ./tools/bench/init
	$(WEB_DEPS) >/dev/null && cd web && $(NPM) run build >/dev/null && node scripts/first-paint.mjs && node scripts/lighthouse.mjs

build: zip-tool ## build one linux/arm64 Lambda zip per function into dist/
	@if [ -z "$(LAMBDAS)" ]; then echo "no Lambda functions under functions/"; exit 1; fi
	@for fn in $(LAMBDAS); do \
		echo "build $$fn"; \
		rm -rf dist/$$fn dist/$$fn.zip; \
		GOOS=linux GOARCH=arm64 CGO_ENABLED=0 $(GO) build -tags lambda.norpc -trimpath -ldflags='-s -w' \
			-o dist/$$fn/bootstrap ./functions/$$fn; \
		(cd dist/$$fn && zip -q -X -9 ../$$fn.zip bootstrap); \
	done
	@$(MAKE) sizes

sizes: ## print the size of each built Lambda zip as a table (after make build)
	@shopt -s nullglob; zips=(dist/*.zip); \
	if [ $${#zips[@]} -eq 0 ]; then echo "no zips in dist/: run make build"; exit 0; fi; \
	echo "| function | zip bytes | bootstrap bytes |"; echo "|---|---:|---:|"; \
	for z in "$${zips[@]}"; do \
		fn=$$(basename $$z .zip); b=dist/$$fn/bootstrap; \
		echo "| $$fn | $$(stat -c %s $$z) | $$( [ -f $$b ] && stat -c %s $$b || echo -) |"; \
	done


measure: emulators chromium ## rewrite docs/dynamodb-calls.md (calls per endpoint), docs/lambda-sizes.md (zip sizes) and docs/web-size.md (first load, and each language's catalogs)
	$(GO) test -count=1 ./pkg/api/apitest -run TestDynamoDBCallsPerEndpoint -update
	@$(MAKE) build >/dev/null
	@{ echo "# Lambda sizes"; echo; echo "Made by \`make measure\`: linux/arm64, CGO off, \`-tags lambda.norpc\`, stripped."; echo; $(MAKE) sizes; } > docs/lambda-sizes.md
	@cat docs/lambda-sizes.md
	@$(WEB_DEPS) >/dev/null
	@{ echo "# Web first-load size"; echo; \
		echo "Made by \`make measure\` (\`make websize\` prints the same): what headless Chromium fetches when it opens the production build's first page (/) from the local stack, with an event listed, until the network is idle. The budget is 100 KB (102400 bytes) of JavaScript gzipped in at most 4 script requests, without the HTTP client; \`make test\` fails over it (the e2e journey first-load)."; \
		echo; (cd web && $(NPM) run -s build >/dev/null && $(NPM) run -s size && echo && $(NPM) run -s size:languages); } > docs/web-size.md
	@cat docs/web-size.md

# Deployment parameters: make deploy STAGE=prod REGION=eu-west-1 DOMAIN=... CERTIFICATE_ARN=...
# (see "Deploying to AWS" in the README). Empty ones are left out.
STAGE           ?= dev
REGION          ?= $(or $(AWS_REGION),us-east-1)
DOMAIN          ?=
CERTIFICATE_ARN ?=
MAIL_FROM       ?=
ALARM_EMAIL     ?=
MAIL_RATE       ?=
CDK             := infra/node_modules/.bin/cdk
CDK_CONTEXT     := -c stage=$(STAGE) -c region=$(REGION) $(if $(DOMAIN),-c domain=$(DOMAIN)) \
	$(if $(CERTIFICATE_ARN),-c certificateArn=$(CERTIFICATE_ARN)) $(if $(MAIL_FROM),-c 'mailFrom=$(MAIL_FROM)') \
	$(if $(ALARM_EMAIL),-c alarmEmail=$(ALARM_EMAIL)) $(if $(MAIL_RATE),-c mailRate=$(MAIL_RATE))

infra-deps:
	@cd infra && $(NPM_CI) >/dev/null

web-build:
	@$(WEB_DEPS)
	@cd web && $(NPM) run build

synth: build web-build infra-deps ## synthesize every stack offline into infra/cdk.out (no AWS credentials needed)
	$(CDK) synth --quiet $(CDK_CONTEXT)
	@ls infra/cdk.out/*.template.json

bootstrap: build web-build infra-deps ## prepare an AWS account and REGION for deploys, once: make bootstrap REGION=...
	$(CDK) bootstrap $(CDK_CONTEXT)

deploy: deploy-params build web-build infra-deps ## deploy to AWS: make deploy STAGE=dev|prod REGION=... [DOMAIN=... CERTIFICATE_ARN=...] [MAIL_FROM='Name <addr@domain>'] [ALARM_EMAIL=...] [MAIL_RATE=14]
	$(CDK) deploy --all --require-approval broadening $(CDK_CONTEXT)

# The sender must be on a domain the deployer can verify in SES; the
# example domain that lets `make synth` run bare would deploy a site that
# cannot send its activation mail.
deploy-params:
	@$(if $(or $(DOMAIN),$(MAIL_FROM)),,echo "make deploy: give DOMAIN (mail then comes from no-reply@DOMAIN) or MAIL_FROM, a sender on a domain you can verify in SES" >&2; exit 2)

rollback: ## point each function's live alias back at its previous version: make rollback STAGE=... REGION=... [FUNCTION=users]
	@bash infra/rollback.sh $(STAGE) $(REGION) $(FUNCTION)

reset: ## delete the local dev data (.local/data); keeps the installed tools
	rm -rf $(LOCAL)/data

clean: ## delete build output (dist/)
	rm -rf dist

# The end-to-end journeys drive Debian's Chromium (playwright-core cannot
# download its own browser here).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing chromium with apt-get"; \
			DEBIAN_FRONTEND=noninteractive apt-get update -qq; \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else \
			echo "the end-to-end tests need Chromium at /usr/bin/chromium: install it (Debian: sudo apt-get install chromium)" >&2; exit 1; \
		fi; \
	fi
	@# The screens in Japanese need a Japanese font (Arabic's comes with DejaVu, Chromium's own).
	@if ! fc-list :lang=ja 2>/dev/null | grep -q .; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing a Japanese font with apt-get"; \
			DEBIAN_FRONTEND=noninteractive apt-get update -qq; \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-ipafont-gothic >/dev/null; \
		else \
			echo "note: no Japanese font; screenshots in Japanese show empty boxes (Debian: sudo apt-get install fonts-ipafont-gothic)" >&2; \
		fi; \
	fi

# The race detector builds with cgo, which needs a C compiler.
c-compiler:
	@if ! command -v $$($(GO) env CC) >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing gcc with apt-get (the race detector needs cgo)"; \
			DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc libc6-dev >/dev/null; \
		else \
			echo "make test runs the race detector, which needs a C compiler: install gcc (Debian/Ubuntu: sudo apt-get install gcc)" >&2; exit 1; \
		fi; \
	fi

zip-tool:
	@if ! command -v zip >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing zip with apt-get"; \
			DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zip >/dev/null; \
		else \
			echo "make build needs the 'zip' command: install it (Debian/Ubuntu: sudo apt-get install zip)" >&2; exit 1; \
		fi; \
	fi
