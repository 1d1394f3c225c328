# The union benefits portal: Go BFF, Next.js frontend, and the offline stand-ins they run against.
#
#   make deps      install what is missing (npm packages, Chromium, redis-server, Go modules) and build .bin/
#   make dev       the whole site offline: http://127.0.0.1:3000 (Ctrl-C stops everything)
#   make test      every check, linter and test, unit to end-to-end; what CI runs (.ci/run)
#   make lint      the linters alone: golangci-lint, ESLint and the frontend's import boundaries
#   make generate  regenerate generated code (genqlient, TypeScript types of the BFF's API)
#   make bench     the speed figures (issue 19), each beside its baseline from the same run
#   make soak      10 minutes of mixed traffic at 70% of the measured peak on a fresh stack: errors,
#                  p99, and whether goroutines, memory and the cache's tag index stay flat
#                  (SOAK_DURATION=30s for a short run, SOAK_FLAGS for more: .bin/soak -h)
#   make fixtures-record CMS=https://...   record a live CMS into fixtures/cms and say what changed
#                  (OUT=dir records into a new folder for comparison only)
#   make preview-link PAGE=/benefits/wireless   a signed link to the page's newest fixture draft
#
# Ports of the local stack: Next.js 3000, demo partner site 3100, BFF 8080, fixture CMS 8081, order stand-in 8082,
# Firestore emulator 8085, Auth emulator 9099 (with 4400 and 4500 for the firebase CLI),
# fake-gcs-server 4443, Redis 6379, Mailpit 1025 (SMTP) and 8026 (its API), the web inbox 8025 (the mail the BFF sent),
# the trace viewer 4318 (OTLP/HTTP, and its pages) (BFF replicas of `make test` on 8091 and 8092). `.bin/stack help` says more.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
# The steps of `make test` run in the order written, even under -j: later ones need earlier ones.
.NOTPARALLEL:

GO  ?= go
NPM ?= npm
BIN := .bin
# golangci-lint's pinned version, in a module of its own (see lint).
LINT_MOD := tools/golangci-lint.mod
# Mailpit's, the stack's mail catcher, likewise: its dependencies stay out of go.mod and so out of
# the BFF's image.
MAILPIT_MOD := tools/mailpit.mod
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

# Keep every tool quiet and offline: no telemetry, update checks or funding notices.
export NEXT_TELEMETRY_DISABLED := 1
export NO_UPDATE_NOTIFIER := 1
export npm_config_update_notifier := false
export npm_config_fund := false
export npm_config_audit := false

# Node.js: the project runs on a maintained LTS line whatever node the machine has (Debian's is 20,
# past its end of life). The official binary ships in the npm package node-{os}-{arch}, so
# `make node` (part of deps) unpacks it into .bin/node from the npm registry, nothing else, and
# every target runs with .bin/node/bin first on PATH: make dev, make test and so CI run on it, and
# npm (the machine's) runs under it. Native addons are built against its headers (nodedir), and
# node_modules is reinstalled when NODE_VERSION changes. netlify.toml and package.json's engines
# name the same line.
NODE_VERSION := 24.21.0
NODE_DIR := $(BIN)/node
NODE_PKG := node-$(shell uname -s | tr A-Z a-z)-$(subst aarch64,arm64,$(subst x86_64,x64,$(shell uname -m)))
NODE_STAMP := $(NODE_DIR)/.installed-$(NODE_VERSION)
export PATH := $(CURDIR)/$(NODE_DIR)/bin:$(PATH)
export npm_config_nodedir := $(CURDIR)/$(NODE_DIR)

.PHONY: help deps node npm-deps chromium redis-server go-deps build dev test check-contracts vet go-test \
	lint frontend-typecheck frontend-test frontend-build test-integration test-stack check-upstreams bench soak generate \
	fixtures-record preview-link clean

help:
	@sed -n '1,19s/^# \{0,1\}//p' Makefile

## ---- dependencies -------------------------------------------------------------------------

deps: node npm-deps chromium redis-server go-deps build

# The node of NODE_VERSION above, unpacked from its npm package (the machine's node runs npm for
# this one step, before .bin/node exists).
node: $(NODE_STAMP)
$(NODE_STAMP):
	rm -rf $(NODE_DIR) && mkdir -p $(NODE_DIR)
	cd $(NODE_DIR) && $(NPM) pack --silent $(NODE_PKG)@$(NODE_VERSION) >/dev/null && \
		tar -xzf $(NODE_PKG)-$(NODE_VERSION).tgz --strip-components=1 && rm $(NODE_PKG)-$(NODE_VERSION).tgz
	$(NODE_DIR)/bin/node --version
	@touch $@

# npm's own record of the installed tree is node_modules/.package-lock.json; when it is missing
# or older than package-lock.json, the tree is stale and npm ci rebuilds it from the lock.
npm-deps: node_modules/.package-lock.json
node_modules/.package-lock.json: package-lock.json $(NODE_STAMP)
	$(NPM) ci --no-audit --no-fund
	@touch $@

# Playwright drives Debian's Chromium; it never downloads a browser.
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
		echo "installing Debian's chromium"; \
		$(SUDO) apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium; \
	fi

# The replicas' shared limits and purge bus offline, and the Redis of the Go tests: Debian's.
redis-server:
	@if [ ! -x /usr/bin/redis-server ]; then \
		echo "installing Debian's redis-server"; \
		$(SUDO) apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server; \
	fi

go-deps:
	$(GO) mod download
	$(GO) mod download -modfile=$(LINT_MOD)
	$(GO) mod download -modfile=$(MAILPIT_MOD)

# Every command under bff/cmd (the BFF, the stack runner, the stand-ins) plus fake-gcs-server,
# a go.mod tool, and Mailpit, a tool of tools/mailpit.mod. Go skips relinking binaries that are
# up to date, so this is quick when nothing changed.
build:
	@mkdir -p $(BIN)
	$(GO) build -o $(BIN)/ ./bff/cmd/...
	$(GO) build -o $(BIN)/fake-gcs-server github.com/fsouza/fake-gcs-server
	$(GO) build -modfile=$(MAILPIT_MOD) -o $(BIN)/mailpit github.com/axllent/mailpit

## ---- running ------------------------------------------------------------------------------

dev: deps
	$(BIN)/stack dev

## ---- tests --------------------------------------------------------------------------------

test: deps
	$(MAKE) --no-print-directory check-contracts vet lint go-test frontend-typecheck frontend-test \
		frontend-build test-integration

# The frontend's TypeScript types must match contracts/openapi.yaml.
check-contracts:
	$(NPM) run --silent contracts:check

# Integration tests only build under their tag; vet them too so they break here, not after the
# stack has started.
vet:
	$(GO) vet ./...
	$(GO) vet -tags integration ./...

# Linters, each failing the build on its first finding: golangci-lint over the Go code
# (.golangci.yml; the pinned version lives in a module of its own, tools/golangci-lint.mod, so its
# dependencies stay out of go.mod), ESLint over the frontend (frontend/eslint.config.mjs: Next's,
# the hooks' and jsx-a11y's rules) and the frontend's import boundaries
# (frontend/.dependency-cruiser.cjs: the folders' floors, no cycles).
lint:
	$(GO) tool -modfile=$(LINT_MOD) golangci-lint run ./...
	$(NPM) -w frontend run --silent lint
	$(NPM) -w frontend run --silent lint:deps

# Unit tests and the integration tests that run their stand-ins in process.
go-test:
	$(GO) test -race ./...

frontend-typecheck:
	$(NPM) -w frontend run typecheck

frontend-test:
	$(NPM) -w frontend test

frontend-build:
	$(NPM) -w frontend run build

# Starts the whole stack (Next.js from the build above) with two BFF replicas behind the stack's
# round-robin load balancer, so every end-to-end test crosses replicas sharing Redis; runs
# test-stack against it, stops it. Then the log scan: no line the BFF, Next.js or the edge wrote
# during the run may hold an email address, a test member's name or a token (bff/cmd/logscan).
test-integration: build
	$(BIN)/stack test -replicas 2 -- $(MAKE) --no-print-directory test-stack
	$(BIN)/logscan .run/logs

# Needs a running stack and its variables; run through test-integration (or inside
# `eval "$$(.bin/stack env)"` next to a `make dev`).
test-stack:
	$(GO) test -tags integration -count=1 ./...
	$(NPM) -w frontend run e2e
	$(MAKE) --no-print-directory check-upstreams

# After the end-to-end run, each upstream's latency histogram is on a BFF replica's admin /metrics
# (issue 40): a call to an upstream that records nothing fails here. Read whole first: under
# pipefail, grep -q closing the pipe early would fail curl.
UPSTREAMS ?= cms auth firestore storage orders redis hotels
check-upstreams:
	@metrics="$$(curl -sS http://127.0.0.1:9090/metrics http://127.0.0.1:9091/metrics 2>/dev/null || true)"; \
	for u in $(UPSTREAMS); do \
	  grep -q "^bff_upstream_request_duration_seconds_count{.*upstream=\"$$u\"" <<<"$$metrics" || \
	    { echo "check-upstreams: no histogram of the upstream $$u on the BFF's /metrics after the end-to-end run"; exit 1; }; \
	done; echo "check-upstreams: every upstream's histogram is on the BFF's /metrics"

## ---- other ----------------------------------------------------------------------------------

# Issue 19's figures, each beside its baseline from the same run: the BFF in process (cached
# document against /healthz, memory, cold and warm), then the whole stack from the production build
# (the page cache against a static asset and a page rendered per request, the home page's
# JavaScript, publish-to-visible). Not part of `make test`: it takes about three minutes. Without
# the trace viewer neither tier exports traces: the figures are those of a deployment without a
# collector.
bench: build frontend-build
	$(BIN)/stack test -skip partner,traces -- $(BIN)/bench -stack

# Unlike bench, the soak needs the real stand-ins (sign-ins reach the Auth emulator), so it runs
# against a fresh stack without the frontend and partner site, and stops it afterwards. Not part
# of `make test`: it takes its duration plus about a minute.
SOAK_DURATION ?= 10m
SOAK_FLAGS ?=
soak: build
	$(BIN)/stack test -skip frontend,edgefn,edge,partner -- $(BIN)/soak -duration $(SOAK_DURATION) $(SOAK_FLAGS)

# Records a live CMS into fixtures/cms and prints what changed against the committed fixtures
# (files added, changed, removed; pages whose BFF documents changed):
#   make fixtures-record CMS=https://cms.example.org [OUT=dir] [CMS_PREVIEW_TOKEN=...] [CMS_PUBLIC_URL=...]
# OUT records into a new or empty folder instead, leaving fixtures/cms as it is; the token also
# records the fixtures' drafts (revision/).
OUT ?= fixtures/cms
fixtures-record:
	@[ -n "$(CMS)" ] || { echo "usage: make fixtures-record CMS=https://cms.example.org [OUT=dir]"; exit 2; }
	$(GO) run ./bff/cmd/cmsrecord -from "$(CMS)" -out "$(OUT)" -compare fixtures/cms \
		-preview-token "$${CMS_PREVIEW_TOKEN:-}" -public "$${CMS_PUBLIC_URL:-}"

# Prints an editor's preview link to a page's newest draft in fixtures/cms (open it while make dev
# runs). PAGE, not PATH: a PATH on make's command line would replace the shell's.
PAGE ?= /
preview-link:
	@$(GO) run ./bff/cmd/previewlink -page "$(PAGE)"

generate:
	$(GO) generate ./...
	$(NPM) run contracts:types

clean:
	rm -rf $(BIN) .run
