#!/bin/sh
# Put Rami in the desktop's application menu, for the current user.
#
#   ./install-desktop-entry.sh              install (or update) the menu entry and the icon
#   ./install-desktop-entry.sh --uninstall  remove them
#
# Run it from the unpacked bundle (it sits beside the `rami` executable): the entry starts that
# executable, so run it again after moving the folder. Files written, following the XDG base
# directory rules ($XDG_DATA_HOME, by default ~/.local/share):
#   applications/rami.desktop  and  icons/hicolor/256x256/apps/rami.png
set -eu

here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry="$data/applications/rami.desktop"
icon="$data/icons/hicolor/256x256/apps/rami.png"

refresh_menus() {
    # Desktops notice new files on their own; these only speed it up and may be missing.
    touch "$data/icons/hicolor" 2>/dev/null || true
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$data/applications" 2>/dev/null || true
    fi
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$entry" "$icon"
    refresh_menus
    echo "Rami removed from the application menu."
    exit 0
fi
if [ $# -gt 0 ]; then
    echo "usage: $0 [--uninstall]" >&2
    exit 2
fi

exe="$here/rami"
template="$here/rami.desktop"
source_icon=""
for candidate in "$here/_internal/game/assets/icon.png" "$here/game/assets/icon.png"; do
    if [ -f "$candidate" ]; then
        source_icon=$candidate
        break
    fi
done
[ -x "$exe" ] || { echo "no rami executable beside this script ($exe)" >&2; exit 1; }
[ -f "$template" ] || { echo "no rami.desktop beside this script" >&2; exit 1; }
[ -n "$source_icon" ] || { echo "no icon in the bundle (_internal/game/assets/icon.png)" >&2; exit 1; }
case $exe in
    *[\"\`\$\\%]*)
        echo "the folder's path holds a character a menu entry cannot quote: $here" >&2
        echo "move the folder (e.g. to ~/Games/rami) and run this script again" >&2
        exit 1
        ;;
esac

mkdir -p "$(dirname "$entry")" "$(dirname "$icon")"
cp "$source_icon" "$icon"
tmp="$entry.tmp.$$"
while IFS= read -r line; do
    case $line in
        Exec=*) printf 'Exec="%s"\n' "$exe" ;;
        *) printf '%s\n' "$line" ;;
    esac
done <"$template" >"$tmp"
mv "$tmp" "$entry"
refresh_menus
echo "Rami added to the application menu: $entry"
