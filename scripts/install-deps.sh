#!/usr/bin/env bash
# install-deps.sh: installs the Debian packages the tests use beyond Go, when they are
# missing and this is a Debian machine where we are root (CI is):
#   python3         course players (internal/course)
#   bubblewrap      the sandbox around agents (bwrap)
#   parallel        GNU parallel, the distributed tournament test
#   openssh-server  sshd on localhost for that test (parallel --sshlogin)
#   rsync           the copies of docs/tournament.md's recipe for hosts without a shared directory
#   grhino          GRhino's gtp-rhino, a second Othello GTP engine (the GTP mode's differential test)
#   chromium        the replay page in a real browser (go test ./internal/replay, scripts/browser-test.sh); about 70 s
#                   to install on the development machine
# and on request (scripts/slurm-local.sh), not by default:
#   slurm-wlm munge  a one-node Slurm cluster for the job-array path
# Anything it cannot install is reported; the tests that need it skip with a message.
# Usage: scripts/install-deps.sh [PACKAGE...]   (default: the seven test packages above)
set -uo pipefail

packages=("$@")
if ((${#packages[@]} == 0)); then
	packages=(python3 bubblewrap parallel openssh-server rsync chromium grhino)
fi

# The command each package provides, to tell whether it is there.
provides() {
	case $1 in
	bubblewrap) echo bwrap ;;
	openssh-server) echo /usr/sbin/sshd ;;
	slurm-wlm) echo sbatch ;;
	munge) echo /usr/sbin/munged ;;
	grhino) echo /usr/games/gtp-rhino ;;
	*) echo "$1" ;;
	esac
}

missing=()
for p in "${packages[@]}"; do
	if ! command -v "$(provides "$p")" >/dev/null 2>&1; then
		missing+=("$p")
	fi
done
if ((${#missing[@]} == 0)); then
	echo "install-deps: ${packages[*]}: present"
	exit 0
fi
if [[ $(id -u) != 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
	echo "install-deps: missing ${missing[*]}, and cannot install them here (not root, or no apt-get): the tests that need them will skip"
	exit 0
fi
echo "install-deps: installing ${missing[*]}"
if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >/tmp/install-deps.log 2>&1; then
	echo "install-deps: apt-get failed (log: /tmp/install-deps.log); the tests that need ${missing[*]} will skip"
	tail -5 /tmp/install-deps.log
fi
exit 0
