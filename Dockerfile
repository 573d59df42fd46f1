# One Papo node as an image: `docker build -t papo .`, then
# `docker run -p 3000:3000 -v papo-data:/var/lib/papo -e JWT_SECRET=… -e PUBLIC_URL=https://… papo`.
# The build stage runs what scripts/install.mjs runs (buildCommands, then runtimeInstall on runtimeParts);
# scripts/install.test.mjs keeps the two the same.
FROM node:22-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npm ci
# NOTE: after npm ci, which would leave out the dev dependencies the build needs under NODE_ENV=production.
ENV NODE_ENV=production
RUN npm run build

FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/var/lib/papo
WORKDIR /srv/papo
COPY --from=build /src/package.json /srv/papo/package.json
COPY --from=build /src/package-lock.json /srv/papo/package-lock.json
COPY --from=build /src/scripts/start.mjs /srv/papo/scripts/start.mjs
COPY --from=build /src/scripts/admin.mjs /srv/papo/scripts/admin.mjs
COPY --from=build /src/scripts/build-state.mjs /srv/papo/scripts/build-state.mjs
COPY --from=build /src/packages/contract/package.json /srv/papo/packages/contract/package.json
COPY --from=build /src/apps/server/package.json /srv/papo/apps/server/package.json
COPY --from=build /src/apps/server/dist /srv/papo/apps/server/dist
COPY --from=build /src/apps/web/package.json /srv/papo/apps/web/package.json
COPY --from=build /src/apps/web/dist /srv/papo/apps/web/dist
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
    && mkdir -p /var/lib/papo && chown node:node /var/lib/papo
USER node
VOLUME /var/lib/papo
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
    CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "apps/server/dist/main.mjs"]
