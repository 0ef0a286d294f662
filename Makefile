# Turnout: the front door. `make` alone lists the targets.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

GO  ?= go
NPM ?= npm

# Lambda functions that exist among these become dist/<fn>.zip.
LAMBDAS := $(foreach fn,users organizations events media,$(if $(wildcard functions/$(fn)/*.go),$(fn)))
LOCAL   := .local
NPM_CI  := $(NPM) ci --no-audit --no-fund

.PHONY: help emulators dev test build sizes measure reset clean zip-tool

help: ## list the targets
	@echo "Turnout — make targets:"
	@grep -E '^[a-z][a-z-]*:.*## ' $(MAKEFILE_LIST) | \
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
		(cd web && $(NPM_CI) && $(NPM) run build); \
	else \
		echo "no web/package.json: skipping the web app build"; \
	fi
	@$(GO) build -o $(LOCAL)/bin/gateway ./functions/gateway
	@exec $(LOCAL)/bin/gateway -dev

test: emulators ## vet and run every test: Go (unit + integration against the emulators), web, infra
	$(GO) vet ./pkg/... ./functions/...
	$(GO) test -count=1 ./pkg/... ./functions/...
	@if [ -f web/package.json ]; then \
		echo "web tests"; (cd web && $(NPM_CI) && $(NPM) test); \
	else echo "no web/package.json: no web tests"; fi
	@if [ -f infra/package.json ]; then \
		echo "infra tests"; (cd infra && $(NPM_CI) && $(NPM) test); \
	else echo "no infra/package.json: no infra tests"; fi

build: zip-tool ## build one linux/arm64 Lambda zip per function into dist/
	@if [ -z "$(LAMBDAS)" ]; then echo "no Lambda functions under functions/"; exit 1; fi
	@for fn in $(LAMBDAS); do \
		echo "build $$fn"; \
		rm -rf dist/$$fn dist/$$fn.zip; \
		GOOS=linux GOARCH=arm64 CGO_ENABLED=0 $(GO) build -tags lambda.norpc -trimpath -ldflags='-s -w' \
			-o dist/$$fn/bootstrap ./functions/$$fn; \
		(cd dist/$$fn && zip -q -X ../$$fn.zip bootstrap); \
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

measure: emulators ## rewrite docs/dynamodb-calls.md (calls per endpoint) and docs/lambda-sizes.md (zip sizes)
	$(GO) test -count=1 ./pkg/api/apitest -run TestDynamoDBCallsPerEndpoint -update
	@$(MAKE) build >/dev/null
	@{ echo "# Lambda sizes"; echo; echo "Made by \`make measure\`: linux/arm64, CGO off, \`-tags lambda.norpc\`, stripped."; echo; $(MAKE) sizes; } > docs/lambda-sizes.md
	@cat docs/lambda-sizes.md

reset: ## delete the local dev data (.local/data); keeps the installed tools
	rm -rf $(LOCAL)/data

clean: ## delete build output (dist/)
	rm -rf dist

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
