# syntax=docker/dockerfile:1

# The production image: the built client, the compiled server and production dependencies only
# (no Vite, no embedded PostgreSQL, no Firebase emulator). Run it with the variables in README.md.
#
# The runtime stage has the repository's layout with JavaScript in place of TypeScript
# (/app/server/main.js, /app/shared/…, /app/dist/client/…), so that every path the server computes
# from its own file (the client build, server/db/migrations) is the same as in the repository.

ARG NODE_IMAGE=node:22-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
# package.json's allowScripts and .npmrc's strict-allow-scripts need npm 11; the image ships npm 10,
# which would ignore both and run every install script.
RUN npm install --global npm@11.19.1 && npm cache clean --force

# Every dependency, for the build.
FROM base AS deps
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

# The client (vite build → dist/client) and the server (tsc → dist/server), then what of them ships:
# scripts/assemble-production.mjs names the files, for this image and for the test that starts the
# same layout (tests/integration/production-layout.test.ts).
FROM deps AS build
COPY . .
RUN npm run build && node scripts/assemble-production.mjs files /production

# Production dependencies only, without what the server never loads (the same script).
FROM base AS runtime-deps
COPY package.json package-lock.json .npmrc ./
COPY scripts/assemble-production.mjs ./scripts/
RUN node scripts/assemble-production.mjs dependencies /production && npm cache clean --force

# From the plain Node image: the runtime needs no npm of its own (the base's npm 11 would add ~19 MB).
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production
COPY --from=runtime-deps --chown=node:node /production/node_modules ./node_modules
COPY --from=build --chown=node:node /production/ ./
USER node
# The public port. The metrics listener (METRICS_PORT) is left out: publish it to the scraper only.
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains the requests in flight (up to 10 s), then the jobs under way (up to 10 s): give
# `docker stop` 30 s (--stop-timeout 30, or compose's stop_grace_period) rather than its default 10.
STOPSIGNAL SIGTERM
CMD ["node", "server/main.js"]
