# Sourced by the golden-file scripts (pango-line-counts.sh, pango-family-widths.sh).

# check_argument SCRIPT [ARGUMENT] — prints 1 for --check, 0 for none; exits 2 on anything else.
check_argument() {
    case "${2:-}" in
        "") echo 0 ;;
        --check) echo 1 ;;
        *) echo "usage: $1 [--check]" >&2; exit 2 ;;
    esac
}

# finish_golden FRESH OUTPUT CHECK — with CHECK = 1, compare the fresh file with the committed
# OUTPUT (exit 1, showing the start of the diff, when they differ); else copy it over OUTPUT.
finish_golden() {
    local fresh="$1" output="$2" check="$3"
    if [ "$check" = 1 ]; then
        if cmp -s "$fresh" "$output"; then
            echo "$output is up to date"
        else
            diff -u "$output" "$fresh" | head -40 >&2 || true
            echo "$output differs from a fresh run" >&2
            exit 1
        fi
    else
        cp "$fresh" "$output"
        echo "wrote $output ($(grep -vc '^#' "$output") rows)"
    fi
}
