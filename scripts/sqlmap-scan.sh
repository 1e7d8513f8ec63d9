#!/usr/bin/env bash
# SQL-injection scan: starts the server from source on a fresh SQLite database (with the demo
# shop, so filters match rows), signs in as the administrator and runs sqlmap against the
# filters, paging and sorts of several list endpoints. Exits non-zero when sqlmap reports an
# injectable parameter. Installs Debian's sqlmap when missing (as root).
#   SCAN_PORT  port on 127.0.0.1 (default 19480)
#   SCAN_OUT   where sqlmap's logs go (default: a temp dir, printed at the end)
#   SCAN_DATABASE_URL  scan against this (empty) database instead, e.g. a fresh PostgreSQL one
#   SQLMAP_ARGS  extra sqlmap options (e.g. "--level 5 --risk 3")
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
port=${SCAN_PORT:-19480}
base="http://127.0.0.1:$port"
basic="Basic $(printf 'saber:saber_secret' | base64)"

if ! command -v sqlmap >/dev/null 2>&1; then
  echo "Installing sqlmap from Debian's packages..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq sqlmap >/dev/null
fi

if curl -s -o /dev/null "$base/"; then
  echo "Something already listens on $base; set SCAN_PORT." >&2
  exit 1
fi

work=$(mktemp -d)
out=${SCAN_OUT:-$work/sqlmap}
mkdir -p "$out"
server_pid=
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid"
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work/data"
}
trap cleanup EXIT

(
  cd "$root"
  DATA_DIR="$work/data" DATABASE_URL=${SCAN_DATABASE_URL:-sqlite:$work/data/app.db} PORT=$port \
    HOST=127.0.0.1 LOG_LEVEL=warn SEED_DEMO=true WEB_DIST="$work/no-web" \
    exec node --import tsx server/src/main.ts
) >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  curl -s -o /dev/null "$base/api/ready-probe" && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.5
done

password=$(printf admin | md5sum | cut -d' ' -f1)
token=$(curl -s -X POST -H "Authorization: $basic" \
  "$base/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=$password&grant_type=password&scope=all" |
  node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>process.stdout.write(JSON.parse(s).access_token??""))')
if [ -z "$token" ]; then
  echo "Sign-in failed." >&2
  exit 1
fi

# Every parameter of each URL is tested (filters, paging, sorts), plus User-Agent and Referer
# (level 3). Values match demo rows so boolean answers differ.
targets=(
  "$base/api/blade-user/page?account=adm&realName=%E7%AE%A1&current=1&size=10&descs=create_time"
  "$base/api/blade-system/dict/list?code=sex&dictValue=%E7%94%B7&ascs=sort"
  "$base/api/blade-system/dict-biz/list?code=product_status&dictValue=%E4%B8%8A&descs=create_time"
  "$base/api/mall/product/page?name=%E5%85%85%E7%94%B5&status=1&current=1&size=10&ascs=price"
  "$base/api/mall/order/page?orderNo=20&receiver=%E5%BC%A0&payStatus=1&current=1&size=10&descs=total_amount"
  "$base/api/mall/product/page?createTime_dategt=2020-01-01%2000:00:00&descs=sales,price"
)

sqlmap --version
found=0
n=0
for url in "${targets[@]}"; do
  n=$((n + 1))
  echo "== $url"
  # The full output of each target is kept; the summary shows sqlmap's verdicts and HTTP codes.
  # shellcheck disable=SC2086
  TERM=dumb sqlmap -u "$url" \
    -H "Authorization: $basic" -H "Blade-Auth: bearer $token" \
    --batch --level 3 --risk 2 --technique BEUST --threads 4 --time-sec 2 \
    --flush-session --output-dir "$out" ${SQLMAP_ARGS:-} </dev/null >"$out/target-$n.txt" 2>&1 || true
  grep -E "injectable|identified the following|all tested parameters|CRITICAL|^[0-9]{3} \(" "$out/target-$n.txt" || true
  if grep -q "identified the following injection point" "$out/target-$n.txt"; then
    found=1
  elif ! grep -q "all tested parameters do not appear to be injectable" "$out/target-$n.txt"; then
    echo "sqlmap did not finish this target; see $out/target-$n.txt" >&2
    exit 3
  fi
done

echo "sqlmap logs: $out"
if [ "$found" = 1 ]; then
  echo "RESULT: sqlmap found an injectable parameter." >&2
  exit 2
fi
echo "RESULT: no injectable parameter found."
