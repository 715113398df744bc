#!/usr/bin/env bash
# A real Slurm cluster of 3 nodes (n1, n2, n3) on this host, for the `slurm`-label tests and CI:
# munged, slurmctld and three `slurmd -N nX` with distinct ports, every path (key, socket, state,
# spool, pid, log files) below DIR. Debian 12's slurm-wlm 22.05 (scripts/tools.tsv, stage ci).
#   slurm_localhost.sh start DIR   start the daemons, wait until sinfo shows 3 idle nodes, print
#                                  "export SLURM_CONF=DIR/slurm.conf"
#   slurm_localhost.sh stop DIR    stop each daemon by the PID in its pid file, then wait for it
# SLURM_LOCALHOST_PORT (default 16817): the controller's port; slurmd's are the next ones.
set -euo pipefail
cmd=${1:-}; dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: slurm_localhost.sh start|stop DIR" >&2; exit 2; }
nodes=(n1 n2 n3)

stop_pid_file() {  # stop_pid_file FILE: TERM, up to 10 s, then KILL
  local file=$1 pid i
  [ -s "$file" ] || return 0
  pid=$(cat "$file")
  [[ $pid =~ ^[0-9]+$ ]] || return 0
  kill "$pid" 2>/dev/null || { rm -f "$file"; return 0; }
  for i in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$file"
}

if [ "$cmd" = stop ]; then
  for n in "${nodes[@]}"; do stop_pid_file "$dir/d-$n.pid"; done
  stop_pid_file "$dir/ctld.pid"
  stop_pid_file "$dir/munged.pid"
  exit 0
fi
[ "$cmd" = start ] || { echo "usage: slurm_localhost.sh start|stop DIR" >&2; exit 2; }

for tool in munged slurmctld slurmd sinfo srun; do
  command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] || {
    echo "slurm_localhost.sh: $tool is missing: bash scripts/install_deps.sh ci" >&2; exit 1; }
done
export PATH=$PATH:/usr/sbin
mkdir -p "$dir"/{state,spool,log,munge}
dir=$(cd "$dir" && pwd)
port=${SLURM_LOCALHOST_PORT:-16817}
host=$(hostname)

# munge: its own key, socket and files below DIR (nothing in /etc is touched).
chmod 700 "$dir/munge"
head -c 1024 /dev/urandom > "$dir/munge/munge.key"
chmod 400 "$dir/munge/munge.key"
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/socket" \
  --pid-file="$dir/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed"

{
  echo "ClusterName=archfit$port"
  echo "SlurmctldHost=$host"
  echo "SlurmctldPort=$port"
  echo "SlurmdPort=$((port + 1))"
  echo "SlurmUser=$(id -un)"
  echo "SlurmdUser=root"
  echo "AuthType=auth/munge"
  echo "AuthInfo=socket=$dir/munge/socket"
  echo "StateSaveLocation=$dir/state"
  echo "SlurmdSpoolDir=$dir/spool/%n"
  echo "SlurmctldPidFile=$dir/ctld.pid"
  echo "SlurmdPidFile=$dir/d-%n.pid"
  echo "SlurmctldLogFile=$dir/log/ctld.log"
  echo "SlurmdLogFile=$dir/log/d-%n.log"
  echo "ProctrackType=proctrack/linuxproc"
  echo "TaskPlugin=task/none"
  echo "SchedulerType=sched/builtin"
  echo "SelectType=select/cons_tres"
  echo "ReturnToService=1"  # a node set down by scontrol stays down (2 would return it at its next registration)
  echo "MpiDefault=none"
  echo "SlurmdTimeout=30"
  echo "KillWait=2"  # a step past its time limit gets SIGTERM, then SIGKILL 2 s later (default 30)
  i=0
  for n in "${nodes[@]}"; do
    i=$((i + 1))
    echo "NodeName=$n NodeHostname=$host Port=$((port + 1 + i)) CPUs=1 State=UNKNOWN"
  done
  echo "PartitionName=p Nodes=n[1-3] Default=YES MaxTime=INFINITE State=UP"
} > "$dir/slurm.conf"
export SLURM_CONF=$dir/slurm.conf

slurmctld -f "$SLURM_CONF" -i
for n in "${nodes[@]}"; do slurmd -f "$SLURM_CONF" -N "$n"; done
for i in $(seq 300); do
  idle=$(sinfo --noheader --Node --format='%N %T' 2>/dev/null | awk '$2 == "idle"' | wc -l)
  [ "$idle" = "${#nodes[@]}" ] && { echo "export SLURM_CONF=$SLURM_CONF"; exit 0; }
  sleep 0.1
done
echo "slurm_localhost.sh: the nodes did not become idle in 30 s:" >&2
sinfo --Node >&2 || true
tail -n 20 "$dir"/log/*.log >&2 || true
bash "$0" stop "$dir"
exit 1
