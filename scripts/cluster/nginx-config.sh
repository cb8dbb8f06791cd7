#!/usr/bin/env bash
# Prints an nginx configuration for a local cluster of `photosource serve` instances:
#   nginx-config.sh FOLDER PORT UPSTREAM [UPSTREAM…]   (UPSTREAM is 127.0.0.1:PORT)
# - listens on 127.0.0.1:PORT only; pid file, error log, temp and cache folders all under FOLDER;
#   `daemon off` (the caller owns the process); `user nobody` only when run as root (nginx
#   refuses to drop to a user otherwise), with FOLDER's cache and temp folders made for it;
# - a round-robin upstream of every UPSTREAM (a failed connection tries the next one);
# - proxy_cache on the signed-thumbnail route only, standing in for a CDN: the URLs are signed
#   and version-pinned, answered `Cache-Control: public, immutable`, so a cache may keep them.
#   `X-Cache-Status` says HIT or MISS. Nothing else is cached (sessions, orders, assets).
# Used by the cluster tests (Tests/PhotoSourceServiceTests/Cluster), `make serve-cluster` and
# Benchmarks/cluster.sh, so all three run the same proxy.
set -euo pipefail
folder=$1; port=$2; shift 2
[ $# -ge 1 ] || { echo "usage: $0 FOLDER PORT UPSTREAM [UPSTREAM…]" >&2; exit 2; }
mkdir -p "$folder/cache" "$folder/temp"
user_line=""
if [ "$(id -u)" = 0 ]; then
  user_line="user nobody nogroup;"
  chown -R nobody:nogroup "$folder/cache" "$folder/temp"
  chmod 0755 "$folder"
fi
servers=""
for upstream in "$@"; do servers+="    server $upstream max_fails=1 fail_timeout=2s;"$'\n'; done
cat <<CONF
$user_line
daemon off;
worker_processes 1;
pid $folder/nginx.pid;
error_log $folder/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $folder/temp/body;
  proxy_temp_path $folder/temp/proxy;
  fastcgi_temp_path $folder/temp/fastcgi;
  uwsgi_temp_path $folder/temp/uwsgi;
  scgi_temp_path $folder/temp/scgi;
  proxy_cache_path $folder/cache levels=1:2 keys_zone=thumbnails:10m max_size=256m inactive=1h use_temp_path=off;
  upstream photosource {
$servers    keepalive 32;
  }
  server {
    listen 127.0.0.1:$port;
    client_max_body_size 64m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host \$http_host;
    proxy_set_header X-Forwarded-For \$remote_addr;
    proxy_next_upstream error timeout;
    proxy_buffering off;
    proxy_read_timeout 120s;
    location / {
      proxy_pass http://photosource;
    }
    location /v1/thumbnails/ {
      proxy_pass http://photosource;
      proxy_buffering on;
      proxy_cache thumbnails;
      proxy_cache_key \$uri;
      proxy_cache_valid 200 1h;
      proxy_cache_lock on;
      add_header X-Cache-Status \$upstream_cache_status always;
    }
  }
}
CONF
