#!/usr/bin/env bash
# Builds the Debian package with CPack, unpacks it and checks that it holds what a desktop needs
# and that the programs in it start: package_check.sh BUILD_DIR WORK_DIR
set -euo pipefail
build=$1
work=$2
rm -rf "$work"
mkdir -p "$work/out" "$work/root" "$work/home"

cpack --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/out/sense7-studio_*.deb)
dpkg-deb -x "$deb" "$work/root"
root=$work/root/usr

fail() { echo "package_check: $*" >&2; exit 1; }
for file in bin/sense7 bin/sense7-studio \
    share/applications/org.sense7.Studio.desktop \
    share/metainfo/org.sense7.Studio.metainfo.xml \
    share/icons/hicolor/scalable/apps/org.sense7.Studio.svg \
    share/icons/hicolor/48x48/apps/org.sense7.Studio.png \
    share/icons/hicolor/256x256/apps/org.sense7.Studio.png \
    share/man/man1/sense7.1 share/man/man1/sense7-studio.1; do
    [ -s "$root/$file" ] || fail "the package lacks /usr/$file"
done
# Only the application: no test or benchmark programs.
extra=$(find "$root/bin" -type f ! -name sense7 ! -name sense7-studio)
[ -z "$extra" ] || fail "unexpected programs in the package: $extra"

depends=$(dpkg-deb -f "$deb" Depends)
for library in libqt6widgets6 libsqlite3-0 libpq5 libquazip1-qt6-1 fonts-noto-cjk; do
    [[ $depends == *"$library"* ]] || fail "Depends lacks $library: $depends"
done

desktop-file-validate "$root/share/applications/org.sense7.Studio.desktop"
appstreamcli validate --no-net "$root/share/metainfo/org.sense7.Studio.metainfo.xml"
grep -q '^Exec=sense7-studio %f$' "$root/share/applications/org.sense7.Studio.desktop"

# The man page covers every command of the CLI.
for command in agreement classify evaluate export figures import info init; do
    grep -q "^\.SS sense7 $command$" "$root/share/man/man1/sense7.1" ||
        fail "sense7.1 does not describe '$command'"
done
MANWIDTH=80 man -l "$root/share/man/man1/sense7.1" >"$work/sense7.txt" 2>"$work/man.err"
grep -q -- "--participant" "$work/sense7.txt" || fail "sense7.1 does not render"

# The programs start from the package: the CLI makes a data set, the studio opens it.
export HOME=$work/home XDG_CONFIG_HOME=$work/home/config XDG_DATA_HOME=$work/home/data
export QT_QPA_PLATFORM=offscreen
"$root/bin/sense7" --version | grep -q '^sense7 [0-9]'
"$root/bin/sense7" init "$work/demo.sense7" --demo >/dev/null
"$root/bin/sense7-studio" "$work/demo.sense7" --screenshot "$work/studio.png" 2>/dev/null
[ -s "$work/studio.png" ] || fail "the packaged studio saved no screenshot"
echo "package_check: $(basename "$deb") ok ($(du -k "$deb" | cut -f1) KB)"
