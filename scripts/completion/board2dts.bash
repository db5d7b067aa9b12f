# SPDX-License-Identifier: GPL-2.0
# bash completion for board2dts(1). Installed as
# PREFIX/share/bash-completion/completions/board2dts.

_board2dts()
{
	local cur prev cmd opts
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	cmd=${COMP_WORDS[1]}

	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "convert extract diff check batch help --help --version" -- "$cur"))
		return
	fi
	case $prev in
	-p|--kernel|--rules|--out-dir|-I)
		COMPREPLY=($(compgen -d -- "$cur")); return ;;
	--format|--against-format)
		COMPREPLY=($(compgen -W "text markdown json" -- "$cur")); return ;;
	-o|--dtb|--report|--html|--against|--against-out|--config)
		COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--soc)
		local rules=${BOARD2DTS_RULES:-}
		local d
		for d in "$rules" "$(dirname "$(command -v board2dts 2>/dev/null || echo .)")/../share/board2dts/rules"; do
			if [ -n "$d" ] && [ -d "$d/soc" ]; then
				COMPREPLY=($(compgen -W "$(cd "$d/soc" && ls *.yaml 2>/dev/null | sed 's/\.yaml$//')" -- "$cur"))
				return
			fi
		done
		return ;;
	--machine|--assume|-j|--shard|--timeout|--max-memory)
		return ;;
	-W|--warning)
		local c checks="unknown-property deprecated-property specifier-cells interrupt-parent pinctrl-ref pin-twice pin-function" w=""
		for c in $checks; do w="$w $c no-$c error=$c"; done
		COMPREPLY=($(compgen -W "$w" -- "$cur")); return ;;
	help)
		COMPREPLY=($(compgen -W "convert extract diff check batch" -- "$cur")); return ;;
	esac
	case $cmd in
	convert) opts="-p --config --kernel --soc --rules --machine -o --dtb --report --html --no-annotate
		--assume --against --against-format --against-out --validate --strict
		--timeout --max-memory -v --verbose -q --quiet --help" ;;
	extract) opts="--json -p --config --kernel --soc --rules --timeout --max-memory -v --verbose --help" ;;
	diff) opts="-I --kernel --format --help" ;;
	check) opts="-I --kernel --rules --all-files -W --help" ;;
	batch) opts="-p --config --from-compdb --kernel -j --shard --force --json --rules
		--no-annotate --html --out-dir --timeout --max-memory --help" ;;
	*) return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
	else
		case $cmd in
		convert|extract|batch) COMPREPLY=($(compgen -f -X '!*.c' -- "$cur") $(compgen -d -- "$cur")) ;;
		*) COMPREPLY=($(compgen -f -- "$cur")) ;;
		esac
	fi
}
complete -F _board2dts board2dts
