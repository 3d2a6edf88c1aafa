# Aula: one image with the web app embedded in the server binary.
FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM rust:1.95-bookworm AS server
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY server/ server/
COPY migrations/ migrations/
COPY web/ web/
COPY --from=web /src/web/dist web/dist
COPY --from=web /src/web/dist-player web/dist-player
# The SPA is already built: embed it as is.
ENV AULA_SKIP_WEB_BUILD=1
RUN cargo build --release --locked && cp target/release/aula /usr/local/bin/aula

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates tzdata && rm -rf /var/lib/apt/lists/*
COPY --from=server /usr/local/bin/aula /usr/local/bin/aula
ENV AULA_ADDR=0.0.0.0:8080 AULA_CONTENT_ADDR=0.0.0.0:8081 AULA_DATA_DIR=/data AULA_STORAGE=/data/uploads
RUN mkdir -p /data && chown 10001 /data
VOLUME /data
EXPOSE 8080 8081
USER 10001
ENTRYPOINT ["aula"]
CMD ["serve"]
