#!/usr/bin/env bash
# slurm-local.sh: the Slurm job-array path of a distributed tournament, run for real on this
# machine as a one-node cluster: installs Debian's slurm-wlm and munge when missing, starts
# munged, slurmctld and slurmd with a minimal configuration of their own (no systemd, no
# cgroups), plays a small tournament in process, plays the same tournament's plan as an
# `sbatch --array` job (one task per game line), merges it with `report`, and compares the two
# reports byte for byte. Everything it started is stopped at the end. Not part of
# scripts/test.sh: it installs and runs a daemon stack, as root.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

usage() {
	cat <<'USAGE'
usage: scripts/slurm-local.sh [--games K] [--keep]

Plays a Reversi tournament of three fast reference players (random, greedy, and random
again given its directory with -dir) at SINGLE 0.05 s a move, K games per pairing (default
2), once in process and once as a Slurm job array on a one-node cluster started here, and
says whether the two reports are the same, byte for byte (exit 0) or not (exit 1).

options:
  --games K    games per pairing, even (default 2)
  --keep       keep the working directory (printed) with both tournaments and the logs
Needs root and apt-get (Debian) to install slurm-wlm and munge, or both already installed.
Uses the TCP ports 46817 and 46818 of 127.0.0.1 for slurmctld and slurmd.
USAGE
}

games=2 keep=
while (($# > 0)); do
	case $1 in
	--games) games=${2:?--games needs a number} && shift 2 ;;
	--keep) keep=1 && shift ;;
	-h | --help) usage && exit 0 ;;
	*) echo "slurm-local: unknown argument $1" >&2 && usage >&2 && exit 2 ;;
	esac
done

if [[ $(id -u) != 0 ]]; then
	echo "slurm-local: must run as root (it starts munged, slurmctld and slurmd)" >&2
	exit 2
fi
bash scripts/install-deps.sh slurm-wlm munge
for tool in sbatch sinfo slurmctld slurmd /usr/sbin/munged; do
	command -v "$tool" >/dev/null || { echo "slurm-local: $tool missing" >&2 && exit 1; }
done

work=$(mktemp -d /tmp/slurm-local.XXXXXX)
started_munge=
stop_all() {
	local pid
	for pid in "$work"/slurmd.pid "$work"/slurmctld.pid; do
		[[ -f $pid ]] && kill "$(cat "$pid")" 2>/dev/null || true
	done
	[[ -n $started_munge ]] && /usr/sbin/munged --stop >/dev/null 2>&1 || true
	if [[ -n $keep ]]; then
		echo "slurm-local: kept $work"
	else
		rm -rf "$work"
	fi
}
trap stop_all EXIT

# munged: the cluster's authentication, normally a systemd service run as user munge; the
# package made its key at install.
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
	install -d -o munge -g munge -m 0755 /run/munge
	runuser -u munge -- /usr/sbin/munged
	started_munge=1
fi

# One node, this host, reached at 127.0.0.1. proctrack/linuxproc and task/none track a job's
# processes by their parent links, so no cgroup plugin (and no systemd) is needed.
host=$(hostname -s)
mkdir -p "$work/state" "$work/spool"
export SLURM_CONF=$work/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
SlurmctldPort=46817
SlurmdPort=46818
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for ((i = 0; i < 60; i++)); do
	[[ $(sinfo -h -o %t 2>/dev/null) == idle ]] && break
	sleep 0.5
done
if [[ $(sinfo -h -o %t 2>/dev/null) != idle ]]; then
	echo "slurm-local: the node is not idle after 30 s; logs:" >&2
	tail -20 "$work/slurmctld.log" "$work/slurmd.log" >&2
	exit 1
fi
echo "slurm-local: one-node cluster up ($(sinfo -h -o '%P %D %c' | head -1): partition, nodes, CPUs)"

go build -o "$work/bin/homework" ./homework
hw=$work/bin/homework
flags=(-game reversi -single 0.05 -games "$games"
	-agent "random=$hw play -player random"
	-agent "greedy=$hw play -player greedy"
	-agent "random2=$hw play -player random -dir .")

echo "slurm-local: the tournament in process"
"$hw" tournament run -parallel 2 -out "$work/local" "${flags[@]}" >/dev/null
"$hw" tournament report -spec "$work/local/tournament.txt" >"$work/local.report"

echo "slurm-local: the same tournament as a Slurm job array"
"$hw" tournament plan -out "$work/slurm" "${flags[@]}" >"$work/games.txt"
cat >"$work/play.sbatch" <<SBATCH
#!/bin/sh
#SBATCH --job-name=tournament
#SBATCH --cpus-per-task=1
#SBATCH --output=$work/slurm/slurm-%A_%a.out
sed -n "\${SLURM_ARRAY_TASK_ID}p" $work/games.txt | sh
SBATCH
n=$(wc -l <"$work/games.txt")
sbatch --wait --array="1-$n" "$work/play.sbatch"
"$hw" tournament report -spec "$work/slurm/tournament.txt" >"$work/slurm.report"

if cmp -s "$work/local.report" "$work/slurm.report"; then
	echo "slurm-local: PASS: the job array's report is the in-process run's, byte for byte:"
	cat "$work/slurm.report"
else
	echo "slurm-local: FAIL: the reports differ:"
	diff "$work/local.report" "$work/slurm.report" || true
	exit 1
fi
