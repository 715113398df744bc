T=build-portable/tools; A=build-portable/archfit
export LD_LIBRARY_PATH=$PWD/$T
for i in 1 2 3 4 5; do $A detect --json > /dev/null; done
$T/strace -f -T -tt -o $OUT/detect_strace.txt $A detect --json > $OUT/detect.json 2>&1
$T/strace -f -c -o $OUT/detect_summary.txt $A detect --json > /dev/null 2>&1
$T/strace -f -T -tt -o $OUT/version_strace.txt $A --version > /dev/null 2>&1
ls /sys/bus/pci/devices | wc -l > $OUT/pci_count.txt
python3 - <<'PY' > $OUT/phase_times.txt
import subprocess,time,statistics
def t(cmd,n=200):
    xs=[]
    for _ in range(n):
        s=time.perf_counter(); subprocess.run(cmd,stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL); xs.append((time.perf_counter()-s)*1000)
    return statistics.median(xs)
for c in (["/bin/true"],["build-portable/archfit","--version"],["build-portable/archfit","detect","--json"],["build-portable/archfit","detect","--json","--sysroot","tests/data/sysroots/h200"]):
    print(" ".join(c), round(t(c),3))
PY
cat $OUT/phase_times.txt; head -40 $OUT/detect_summary.txt
