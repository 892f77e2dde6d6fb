# Express Import in a container (decision 165): built with the dev tools, run by plain node on the
# compiled server with the production packages only, as the unprivileged "node" user. The data
# folder (/data: PGlite, generated secrets, local photos, backups) is a volume. The whole set-up
# past one machine (two instances, PostgreSQL, S3-compatible storage, a proxy): compose.yaml and
# docs/operations.md.

# 1. Build: the browser app (dist/client) and the server (dist/server).
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. The packages the server needs at run time, nothing for development.
FROM node:24-slim AS packages
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. What runs.
FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data \
    ENV_FILE=none
WORKDIR /app
COPY --from=packages /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 5000
# The app's own health route: 200 while the database answers (docs/operations.md, Monitoring).
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the server stops within SHUTDOWN_TIMEOUT_MS (10 s) plus about 2 s; give it 15 s
# (docker stop -t 15, stop_grace_period in compose.yaml). node is PID 1 and handles the signal.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
