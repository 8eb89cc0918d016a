#!/usr/bin/env bash
# Every check this repository has against Apple's real iPhoneOS SDK, in one command (the SDK
# is not in CI, which builds the same code against AppleStubs/ instead):
#
#   Scripts/check-ios.sh --sdk-repo DIR [--sdk iPhoneOS17.0.sdk]
#
# 1. the Apple adapters and both app shells, at iOS 17.0 and at the package's minimum, 16.0;
# 2. every README and DocC sample that needs UIKit, SwiftUI or WebKit, each on its own;
# 3. the stand-ins in AppleStubs/, declaration by declaration (Scripts/compare-stubs.py);
# 4. Examples/MixedApp, a mixed app as teams lay it out (Scripts/check-mixed-app.sh);
# 5. SwitchyardObjC, the Objective-C face, and every Objective-C file of Examples/ObjC (and the
#    face's own, SwitchyardObjCExceptions) compiled
#    against its generated header and the SDK, at 17.0 and 16.0: no error and no warning at
#    either. The header is left in .build-objc-header/ to read what Objective-C sees.
#
# DIR holds the SDK folder, or is a git repository (bare is fine) that has it: fetch
# itsnebulalol/sdks for iPhoneOS17.0.sdk. See ../shared/tools/ios-sdk-check/README.md for what
# the check can and cannot tell, and which diagnostics are artifacts of the SDK's age. One such,
# in an app of yours: a SwiftUI `@main` App in Swift 6 that fails with "default initializer ...
# cannot be both nonisolated and main actor-isolated" against SDKs up to iOS 17 needs
# `@MainActor` and a written `init() {}`, as Examples/ShopShells/SwiftUI/ShopSwiftUIApp.swift has.
# Exits 1 when any check finds an error, a warning at 17.0, or a stand-in that differs.
set -uo pipefail
cd "$(dirname "$0")/.."

sdk_repo=""
sdk="iPhoneOS17.0.sdk"
while [ $# -gt 0 ]; do
  case "$1" in
    --sdk-repo) sdk_repo="$2"; shift 2 ;;
    --sdk) sdk="$2"; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -n "$sdk_repo" ] || { echo "--sdk-repo DIR is required" >&2; exit 2; }
check=../shared/tools/ios-sdk-check/check.sh
[ -x "$check" ] || { echo "no $check: the SDK check lives in the project workspace" >&2; exit 2; }
# The stand-ins must not hide the SDK.
unset SWITCHYARD_APPLE_STUBS
swift build > /dev/null 2>&1 || { echo "swift build failed: the macro plugin the samples use comes from it" >&2; exit 2; }

failed=0
summary=()
targets="SwitchyardUIKit SwitchyardSwiftUI HomeFeature OrderFeature ShopUIKitShell ShopSwiftUIShell"
for triple in arm64-apple-ios17.0 arm64-apple-ios16.0; do
  for target in $targets; do
    output=$("$check" --sdk-repo "$sdk_repo" --sdk "$sdk" --target "$triple" --targets "$target" 2>/dev/null)
    status=$?
    line=$(printf '%s\n' "$output" | tail -n 1)
    summary+=("$line")
    if [ "$triple" = arm64-apple-ios17.0 ]; then
      # At 17.0 nothing may be reported at all.
      printf '%s\n' "$output" | grep -qE "(error|warning):" && { printf '%s\n' "$output" | grep -E "(error|warning):"; failed=1; }
    else
      # At 16.0 only MainActor.assumeIsolated's availability (an artifact of the SDK's age) may remain.
      others=$(printf '%s\n' "$output" | grep -E "error:" | grep -v "'assumeIsolated(_:file:line:)' is only available in iOS 17.0 or newer")
      [ -n "$others" ] && { printf '%s\n' "$others"; failed=1; }
    fi
    [ $status -eq 2 ] && failed=1
  done
done

# The Objective-C face: no allowance at either deployment target.
headers=.build-objc-header
for triple in arm64-apple-ios17.0 arm64-apple-ios16.0; do
  output=$("$check" --sdk-repo "$sdk_repo" --sdk "$sdk" --target "$triple" --targets SwitchyardObjC --objc-headers "$headers" Examples/ObjC/*.m Sources/SwitchyardObjCExceptions/*.m 2>/dev/null)
  status=$?
  summary+=("$(printf '%s\n' "$output" | tail -n 1)")
  printf '%s\n' "$output" | grep -qE "(error|warning):" && { printf '%s\n' "$output" | grep -E "(error|warning):"; failed=1; }
  [ $status -eq 0 ] || failed=1
done
header="$headers/SwitchyardObjC/SwitchyardObjC-Swift.h"
if [ -f "$header" ]; then
  classes=$(grep -oE '^@(interface|protocol) [A-Za-z]+' "$header" | awk '{print $2}' | sort -u | tr '\n' ' ')
  summary+=("SwitchyardObjC-Swift.h: $(wc -l < "$header") lines; classes and protocols: $classes")
else
  summary+=("SwitchyardObjC-Swift.h: not written"); failed=1
fi

# The mixed app (Examples/MixedApp): its Swift targets and Objective-C files, at 17.0 and 16.0.
mixed=$(Scripts/check-mixed-app.sh --sdk-repo "$sdk_repo" --sdk "$sdk") || failed=1
while IFS= read -r line; do summary+=("MixedApp: $line"); done < <(printf '%s\n' "$mixed" | grep "ios-sdk-check: [0-9]")

samples=$(mktemp -d)
python3 Scripts/check-samples.py --apple-out "$samples" > /dev/null || failed=1
count=0
clean=0
for file in "$samples"/*.swift; do
  [ -e "$file" ] || continue
  count=$((count + 1))
  output=$("$check" --sdk-repo "$sdk_repo" --sdk "$sdk" --targets "" "$file" 2>/dev/null)
  if printf '%s\n' "$output" | grep -qE "(error|warning):"; then
    echo "== $(basename "$file")"
    printf '%s\n' "$output" | grep -E "(error|warning):"
    failed=1
  else
    clean=$((clean + 1))
  fi
done
rm -rf "$samples"

# What must not compile on iOS (each file's first line names the error it must get): a page whose
# content no navigator can show is refused by the compiler, not at run time.
refused=0
for file in Scripts/ios-must-fail/*.swift; do
  expected=$(sed -n '1s#^// expect: ##p' "$file")
  output=$("$check" --sdk-repo "$sdk_repo" --sdk "$sdk" --targets "" "$file" 2>&1)
  if [ -n "$expected" ] && printf '%s\n' "$output" | grep -qF "error: $expected"; then
    refused=$((refused + 1))
  else
    echo "== $(basename "$file") must fail with: $expected"
    printf '%s\n' "$output" | grep -E "(error|warning):"
    failed=1
  fi
done

stubs=$(python3 Scripts/compare-stubs.py --sdk-repo "$sdk_repo" --sdk "$sdk")
stubs_status=$?
printf '%s\n' "$stubs" | grep -v "^not compared" 
[ $stubs_status -eq 0 ] || failed=1

echo
echo "== summary"
printf '%s\n' "${summary[@]}"
echo "Apple-facing samples: $clean of $count type-check without a diagnostic against $sdk"
echo "Must not compile: $refused of $(ls Scripts/ios-must-fail/*.swift | wc -l) refused with the expected error against $sdk"
printf '%s\n' "$stubs" | tail -n 1
exit $failed
