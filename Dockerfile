# syntax=docker/dockerfile:1
# The back office as one image: the compiled server (apps/server/dist) and the built web app
# (apps/web/dist) with the server's production dependencies only, run as the unprivileged `node` user.
#
#   docker build -t backoffice .
#   docker run -p 3000:3000 -v backoffice-data:/app/data backoffice
#
# The operator CLI is the compiled apps/server/dist/cli.mjs (the image has no scripts/, so no `npm run cli`):
#   docker exec <container> node apps/server/dist/cli.mjs help
# A restore needs the data folder to itself (a running server holds its lock): stop the container, then
#   docker run --rm -v backoffice-data:/app/data -v "$PWD":/backup backoffice node apps/server/dist/cli.mjs restore --from /backup/FILE.tar.gz
#
# Settings come from the environment (docs/configuration.md); the image holds no .env, no data and
# no secrets (.dockerignore). /app/data is a volume: SQLite, stored files, the generated JWT secret
# and first-admin-password.txt (mode 0600) on the first start. docs/operations.md has more.
# Node 22 LTS: on Node 24, better-sqlite3 12 (the last line that runs on Node 20, which the
# development machines run) aborts when a statement is collected (README "Other Node versions").
ARG NODE_VERSION=22

# --- build: every workspace's dependencies, then the web app and the server ---------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS build
# better-sqlite3 compiles from source where its prebuilt binary cannot be downloaded.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime dependencies: the server's, without dev dependencies ------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS runtime-deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund && mkdir -p apps/server/node_modules

# --- the image ---------------------------------------------------------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data ENV_FILE=off
WORKDIR /app
COPY --from=runtime-deps /app/package.json ./
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=runtime-deps /app/apps/server/package.json ./apps/server/
COPY --from=runtime-deps /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=runtime-deps /app/packages/shared/package.json ./packages/shared/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME /app/data
EXPOSE 3000
# Ready: database reachable, migrations applied, storage writable (GET /api/health/ready, docs/operations.md).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the server finishes the requests in flight, lets go of the data folder's lock and exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.mjs"]
