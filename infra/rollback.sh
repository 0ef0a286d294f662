#!/usr/bin/env bash
# Points the live alias of each Turnout function of a stage back at the
# version before the one it is on (`make rollback`). Every deploy that
# changes a function publishes a version and keeps the older ones, so this
# is one call per function and takes effect at once; the next deploy that
# changes the function moves the alias on again.
# Usage: rollback.sh STAGE REGION [FUNCTION]  (FUNCTION: users, mailer, ...)
set -euo pipefail
stage=$1 region=$2 only=${3:-}
stack="Turnout-$stage-App"

functions=$(aws cloudformation describe-stack-resources --region "$region" --stack-name "$stack" \
  --query "StackResources[?ResourceType=='AWS::Lambda::Function'].[PhysicalResourceId,ResourceType]" --output text |
  awk '$2 == "AWS::Lambda::Function" { print $1 }')

for fn in $functions; do
  # CDK's own helper functions have no live alias.
  current=$(aws lambda get-alias --region "$region" --function-name "$fn" --name live \
    --query FunctionVersion --output text 2>/dev/null) || continue
  if [ -n "$only" ] && [[ "${fn,,}" != *"${only,,}function"* ]]; then
    continue
  fi
  previous=$(aws lambda list-versions-by-function --region "$region" --function-name "$fn" \
    --query 'Versions[].Version' --output text |
    tr '\t' '\n' | awk -v cur="$current" '$1 ~ /^[0-9]+$/ && $1 + 0 < cur + 0 { v = $1 } END { print v }')
  if [ -z "$previous" ]; then
    echo "$fn: no version before $current"
    continue
  fi
  aws lambda update-alias --region "$region" --function-name "$fn" --name live --function-version "$previous" \
    --output text --query FunctionVersion >/dev/null
  echo "$fn: live $current → $previous"
done
