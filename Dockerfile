# One image for every server process of the product; compose.yaml picks the command per service.
# Not built on the development machines (they have no Docker engine): see README, "Distributed topology".
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci && TURBO_TELEMETRY_DISABLED=1 npx turbo run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
