# One image for every process; SERVE picks what a container runs (edge, or one subgraph).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/schema ./schema
COPY --from=build /app/rest-compat/operations ./rest-compat/operations
COPY package.json ./
USER node
CMD ["node", "dist/router/main.js"]
