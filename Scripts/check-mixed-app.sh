#!/usr/bin/env bash
# Holds Examples/MixedApp to the iPhoneOS SDK, as Xcode builds it: its Swift targets with full
# bodies and its Objective-C files against their headers, at iOS 17.0 and 16.0. Like CI's outside
# app, it is checked from a folder of its own beside a link named Switchyard to this checkout.
#
#   Scripts/check-mixed-app.sh --sdk-repo DIR [--sdk iPhoneOS17.0.sdk]
#
# Prints each deployment target's summary line; exits 1 on any error or warning.
set -uo pipefail
cd "$(dirname "$0")/.."
sdk_repo=""
sdk="iPhoneOS17.0.sdk"
while [ $# -gt 0 ]; do
  case "$1" in
    --sdk-repo) sdk_repo="$2"; shift 2 ;;
    --sdk) sdk="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -n "$sdk_repo" ] || { echo "--sdk-repo DIR is required" >&2; exit 2; }
check="$PWD/../shared/tools/ios-sdk-check/check.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$PWD" "$work/Switchyard"
cp -R Examples/MixedApp "$work/MixedApp"
# The check resolves the C-family targets under the checked package only; Xcode (SwiftPM) also
# gives the app the module maps of its dependencies' C targets, such as SwitchyardObjCExceptions,
# which SwitchyardObjC's generated header imports. A copy of its public headers stands for that.
mkdir -p "$work/MixedApp/Dependencies/SwitchyardObjCExceptions"
cp -R Sources/SwitchyardObjCExceptions/include "$work/MixedApp/Dependencies/SwitchyardObjCExceptions/include"
failed=0
for triple in arm64-apple-ios17.0 arm64-apple-ios16.0; do
  output=$(cd "$work/MixedApp" && "$check" --package . --sdk-repo "$sdk_repo" --sdk "$sdk" --target "$triple" \
    --targets "SwitchyardObjC OrdersFeature ProfileFeature MixedApp" Sources/ShopInterfaces/*.m Sources/LegacyShop/*.m 2>&1)
  status=$?
  printf '%s\n' "$output" | grep -E "(error|warning):" && failed=1
  [ $status -eq 0 ] || failed=1
  printf '%s\n' "$output" | tail -n 1
done
exit $failed
