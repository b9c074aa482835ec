#!/usr/bin/env bash
# The API description as a client sees it: written from the app (GET /api/docs/json), linted by
# Redocly's recommended rules (any error fails), and turned into a typed client by
# openapi-typescript, which must typecheck with a program that uses it. `npm run api:check`;
# CI runs it. The files are left in the folder given (a temporary one by default).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
npx tsx apps/server/src/openapi-export.ts "$out/openapi.json"
npx redocly lint --config redocly.yaml --format=summary "$out/openapi.json"
npx openapi-typescript "$out/openapi.json" --output "$out/api.d.ts"
cp scripts/api-client/use-client.ts "$out/use-client.ts"
npx tsc --noEmit --strict --skipLibCheck false --target es2022 --module nodenext --moduleResolution nodenext \
  --types node --typeRoots "$PWD/node_modules/@types" "$out/use-client.ts"
echo "API description: valid, and its generated client typechecks ($out)"
